import type { Settings } from '@amora/shared/settings.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { saveSection, type CostSection } from '../api/reading-api.ts';
import {
  BILLING_FIELDS,
  TOKEN_COST_FIELDS,
  billingDraft,
  billingFromDraft,
  fieldOfMessage,
  giftsDraft,
  giftsFromDraft,
  tokensDraft,
  tokensFromDraft,
  type Draft,
} from '../costs-form.ts';
import styles from './admin.module.css';
import { SettingsPanel, useSettingsSave } from './settings-panel.tsx';
import offerStyles from './offers-panel.module.css';
import '../../../lib/console-i18n.ts';

/** `/admin/costs`: token costs, gift prices and billing rules (issue 11 item 5). */
export function CostsPanel() {
  const { t } = useTranslation();
  return (
    <SettingsPanel id="admin-costs" title={t('admin.costs.title')} intro={t('admin.costs.intro')}>
      {(settings) => (
        <>
          <SectionForm
            section="tokens"
            settings={settings}
            fields={TOKEN_COST_FIELDS}
            draftOf={(s) => tokensDraft(s.tokens)}
            valueOf={(s, d) => tokensFromDraft(d)}
            labelOf={(f) => t(`admin.costs.tokens.${f}`)}
          />
          <SectionForm
            section="gifts"
            settings={settings}
            fields={settings.gifts.flatMap((g) => [`${g.id}.tokens`, `${g.id}.name`, `${g.id}.icon`])}
            draftOf={(s) => giftsDraft(s.gifts)}
            valueOf={(s, d) => giftsFromDraft(s.gifts, d)}
            labelOf={(f) => {
              const [id, part] = f.split('.');
              return t(`admin.costs.gifts.${part}`, { gift: t(`companion.gifts.${id}`) });
            }}
          />
          <SectionForm
            section="billing"
            settings={settings}
            fields={BILLING_FIELDS}
            draftOf={(s) => billingDraft(s.billing)}
            valueOf={(s, d) => billingFromDraft(s.billing, d)}
            labelOf={(f) => t(`admin.costs.billing.${f.replace('.', '_')}`)}
          />
        </>
      )}
    </SettingsPanel>
  );
}

function SectionForm(props: {
  section: CostSection;
  settings: Settings;
  fields: readonly string[];
  draftOf: (s: Settings) => Draft;
  valueOf: (s: Settings, d: Draft) => unknown;
  labelOf: (field: string) => string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => props.draftOf(props.settings));
  const { mutation: save, error } = useSettingsSave({
    save: () => saveSection(props.section, props.valueOf(props.settings, draft)),
    onSaved: (next) => setDraft(props.draftOf(next)),
    savedMessage: t('admin.costs.saved'),
  });
  const invalid = error ? fieldOfMessage(error, props.fields) : null;
  return (
    <form
      noValidate
      className={offerStyles.offer}
      data-testid={`costs-${props.section}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <h2 className={offerStyles.offerTitle}>{t(`admin.costs.sections.${props.section}`)}</h2>
      {error ? (
        <p role="alert" className={`${styles.error} ${offerStyles.formError}`}>
          {error}
        </p>
      ) : null}
      <div className={offerStyles.fields}>
        {props.fields.map((f) => (
          <TextField
            key={f}
            label={props.labelOf(f)}
            value={draft[f] ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
            error={invalid === f ? error : null}
            data-testid={`costs-${props.section}-${f.replace('.', '-')}`}
          />
        ))}
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending} data-testid={`costs-${props.section}-save`}>
          {t('admin.costs.save')}
        </Button>
      </div>
    </form>
  );
}
