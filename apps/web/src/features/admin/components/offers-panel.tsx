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
import { fetchAdminSettings, offersKeys, saveOffers, type OffersSection } from '../api/offers-api.ts';
import {
  draftOf,
  fieldOfError,
  fieldsOf,
  offersFromDraft,
  type Offer,
  type OfferDraft,
} from '../offers-form.ts';
import { AdminSection } from './admin-section.tsx';
import styles from './admin.module.css';
import offerStyles from './offers-panel.module.css';
import '../../../lib/console-i18n.ts';

/** Token packs and subscription plans: tokens, prices per geo tier, Stars, old prices (issue 4). */
export function OffersPanel() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: offersKeys.settings(),
    queryFn: ({ signal }) => fetchAdminSettings(signal),
  });

  return (
    <AdminSection id="admin-offers" title={t('admin.offers.title')}>
      <p className={styles.muted}>{t('admin.offers.intro')}</p>
      {settings.isPending ? <Spinner label={t('common.loading')} /> : null}
      {settings.isError ? (
        <p role="alert" className={styles.error}>
          {errorMessage(settings.error, t)}
        </p>
      ) : null}
      {settings.data ? (
        <>
          <OfferSection section="purchase" offers={settings.data.purchase} />
          <OfferSection section="subscription" offers={settings.data.subscription} />
        </>
      ) : null}
    </AdminSection>
  );
}

function OfferSection({ section, offers }: { section: OffersSection; offers: Offer[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OfferDraft>(() => draftOf(offers));
  const [error, setError] = useState<string | null>(null);
  const titleId = `admin-offers-${section}`;
  const invalid = error ? fieldOfError(error, offers) : null;

  const save = useMutation({
    mutationFn: () => saveOffers(section, offersFromDraft(offers, draft)),
    onSuccess: (next: Settings) => {
      setError(null);
      queryClient.setQueryData(offersKeys.settings(), next);
      setDraft(draftOf(next[section]));
      // The app's own prices (paywall, wallet) read the new ones on their next look.
      void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      showToast(t(`admin.offers.saved.${section}`), 'success');
    },
    onError: (err) => setError(errorMessage(err, t)),
  });

  const setField = (uuid: string, field: string, value: string) =>
    setDraft((d) => ({ ...d, [uuid]: { ...d[uuid], [field]: value } }));

  return (
    <section aria-labelledby={titleId} className={offerStyles.section}>
      <h2 id={titleId} className={styles.subTitle}>
        {t(`admin.offers.sections.${section}`)}
      </h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        data-testid={`offers-form-${section}`}
      >
        {error ? (
          <p
            role="alert"
            className={`${styles.error} ${offerStyles.formError}`}
            data-testid={`offers-error-${section}`}
          >
            {error}
          </p>
        ) : null}
        <ul className={offerStyles.offers}>
          {offers.map((o) => (
            <li key={o.uuid} className={offerStyles.offer} data-testid={`offer-${o.uuid}`}>
              <h3 className={offerStyles.offerTitle}>
                {'size' in o ? t('admin.offers.pack', { size: o.size.toUpperCase() }) : o.text}
                <span className={styles.mono}>{o.uuid}</span>
                <span className={styles.muted}>{o.currency}</span>
              </h3>
              <div className={offerStyles.fields}>
                {fieldsOf(o).map((f) => (
                  <TextField
                    key={f}
                    label={t(`admin.offers.fields.${f}`)}
                    inputMode={f === 'text' ? 'text' : 'decimal'}
                    value={draft[o.uuid]?.[f] ?? ''}
                    onChange={(e) => setField(o.uuid, f, e.target.value)}
                    error={invalid?.uuid === o.uuid && invalid.field === f ? invalid.detail : null}
                    data-testid={`offer-${o.uuid}-${f}`}
                    className={f === 'text' ? offerStyles.wide : undefined}
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
        <p className={styles.hint}>{t('admin.offers.hint')}</p>
        <div className={`${styles.actions} ${offerStyles.saveRow}`}>
          <Button type="submit" loading={save.isPending} data-testid={`offers-save-${section}`}>
            {t(`admin.offers.save.${section}`)}
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={save.isPending}
            onClick={() => {
              setDraft(draftOf(offers));
              setError(null);
            }}
          >
            {t('admin.offers.undo')}
          </Button>
        </div>
      </form>
    </section>
  );
}
