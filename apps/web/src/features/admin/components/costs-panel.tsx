import type { Settings } from '@amora/shared/settings.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { settingsKeys } from '../../settings/api/settings-api.ts';
import { fetchAdminSettings, offersKeys } from '../api/offers-api.ts';
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
import { AdminSection } from './admin-section.tsx';
import styles from './admin.module.css';
import offerStyles from './offers-panel.module.css';
import '../../../lib/console-i18n.ts';

/** `/admin/costs`: token costs, gift prices and billing rules (issue 11 item 5). */
export function CostsPanel() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: offersKeys.settings(),
    queryFn: ({ signal }) => fetchAdminSettings(signal),
  });
  return (
    <AdminSection id="admin-costs" title={t('admin.costs.title')}>
      <p className={styles.muted}>{t('admin.costs.intro')}</p>
      {settings.isPending ? <Spinner label={t('common.loading')} /> : null}
      {settings.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(settings.error, t)}
        </p>
      ) : null}
      {settings.data ? (
        <>
          <SectionForm
            section="tokens"
            settings={settings.data}
            fields={TOKEN_COST_FIELDS}
            draftOf={(s) => tokensDraft(s.tokens)}
            valueOf={(s, d) => tokensFromDraft(d)}
            labelOf={(f) => t(`admin.costs.tokens.${f}`)}
          />
          <SectionForm
            section="gifts"
            settings={settings.data}
            fields={settings.data.gifts.flatMap((g) => [`${g.id}.tokens`, `${g.id}.name`, `${g.id}.icon`])}
            draftOf={(s) => giftsDraft(s.gifts)}
            valueOf={(s, d) => giftsFromDraft(s.gifts, d)}
            labelOf={(f) => {
              const [id, part] = f.split('.');
              return t(`admin.costs.gifts.${part}`, { gift: t(`companion.gifts.${id}`) });
            }}
          />
          <SectionForm
            section="billing"
            settings={settings.data}
            fields={BILLING_FIELDS}
            draftOf={(s) => billingDraft(s.billing)}
            valueOf={(s, d) => billingFromDraft(s.billing, d)}
            labelOf={(f) => t(`admin.costs.billing.${f.replace('.', '_')}`)}
          />
        </>
      ) : null}
    </AdminSection>
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
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => props.draftOf(props.settings));
  const [error, setError] = useState<string | null>(null);
  const invalid = error ? fieldOfMessage(error, props.fields) : null;
  const save = useMutation({
    mutationFn: () => saveSection(props.section, props.valueOf(props.settings, draft)),
    onSuccess: (next) => {
      setError(null);
      queryClient.setQueryData(offersKeys.settings(), next);
      setDraft(props.draftOf(next));
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      showToast(t('admin.costs.saved'), 'success');
    },
    onError: (err) => setError(errorMessage(err, t)),
  });
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
