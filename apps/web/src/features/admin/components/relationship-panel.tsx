import type { CompanionSettings } from '@amora/shared/settings.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { saveRelationshipRules } from '../api/relationship-api.ts';
import {
  RELATIONSHIP_GROUPS,
  relationshipDraft,
  relationshipFieldsOfError,
  relationshipFromDraft,
  type RelationshipDraft,
} from '../relationship-form.ts';
import styles from './admin.module.css';
import { SettingsPanel, useSettingsSave } from './settings-panel.tsx';
import offerStyles from './offers-panel.module.css';
import '../../../lib/console-i18n.ts';

/** The relationship's pace, levels, gifts, neglect and command costs (issue 10 item 5). */
export function RelationshipPanel() {
  const { t } = useTranslation();
  return (
    <SettingsPanel
      id="admin-relationship"
      title={t('admin.relationship.title')}
      intro={t('admin.relationship.intro')}
    >
      {(settings) => <RelationshipForm rules={settings.companion} />}
    </SettingsPanel>
  );
}

/** The field's label: a marker or a gift by name, else the field's own label. */
function labelOf(field: string, t: (k: string, o?: Record<string, unknown>) => string): string {
  const [head, tail] = field.split('.');
  if (head === 'level_markers') return t('admin.relationship.fields.marker', { level: Number(tail) + 2 });
  if (head === 'gift_points') return t(`companion.gifts.${tail}`);
  return t(`admin.relationship.fields.${field}`);
}

function RelationshipForm({ rules }: { rules: CompanionSettings }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RelationshipDraft>(() => relationshipDraft(rules));
  const {
    mutation: save,
    error,
    setError,
  } = useSettingsSave({
    save: () => saveRelationshipRules(relationshipFromDraft(rules, draft)),
    onSaved: (next) => setDraft(relationshipDraft(next.companion)),
    savedMessage: t('admin.relationship.saved'),
  });
  const invalid = error ? relationshipFieldsOfError(error) : null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      data-testid="relationship-form"
      className={offerStyles.section}
    >
      {error ? (
        <p
          role="alert"
          className={`${styles.error} ${offerStyles.formError}`}
          data-testid="relationship-error"
        >
          {error}
        </p>
      ) : null}
      {RELATIONSHIP_GROUPS.map((g) => (
        <fieldset key={g.id} className={offerStyles.offer} data-testid={`relationship-${g.id}`}>
          <legend className={offerStyles.offerTitle}>{t(`admin.relationship.groups.${g.id}`)}</legend>
          <p className={styles.hint}>{t(`admin.relationship.hints.${g.id}`)}</p>
          <div className={offerStyles.fields}>
            {g.fields.map((f) => (
              <TextField
                key={f}
                label={labelOf(f, t)}
                inputMode="decimal"
                value={draft[f] ?? ''}
                onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
                error={invalid?.fields.includes(f) ? invalid.detail : null}
                data-testid={`relationship-${f.replace('.', '-')}`}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className={`${styles.actions} ${offerStyles.saveRow}`}>
        <Button type="submit" loading={save.isPending} data-testid="relationship-save">
          {t('admin.relationship.save')}
        </Button>
        <Button
          type="button"
          variant="ghost"
          disabled={save.isPending}
          onClick={() => {
            setDraft(relationshipDraft(rules));
            setError(null);
          }}
        >
          {t('admin.offers.undo')}
        </Button>
      </div>
    </form>
  );
}
