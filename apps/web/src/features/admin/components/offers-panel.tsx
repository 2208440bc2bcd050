import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { saveOffers, type OffersSection } from '../api/offers-api.ts';
import {
  draftOf,
  fieldOfError,
  fieldsOf,
  offersFromDraft,
  type Offer,
  type OfferDraft,
} from '../offers-form.ts';
import styles from './admin.module.css';
import { SettingsPanel, useSettingsSave } from './settings-panel.tsx';
import offerStyles from './offers-panel.module.css';
import '../../../lib/console-i18n.ts';

/** Token packs and subscription plans: tokens, prices per geo tier, Stars, old prices (issue 4). */
export function OffersPanel() {
  const { t } = useTranslation();
  return (
    <SettingsPanel id="admin-offers" title={t('admin.offers.title')} intro={t('admin.offers.intro')}>
      {(settings) => (
        <>
          <OfferSection section="purchase" offers={settings.purchase} />
          <OfferSection section="subscription" offers={settings.subscription} />
        </>
      )}
    </SettingsPanel>
  );
}

function OfferSection({ section, offers }: { section: OffersSection; offers: Offer[] }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<OfferDraft>(() => draftOf(offers));
  const {
    mutation: save,
    error,
    setError,
  } = useSettingsSave({
    save: () => saveOffers(section, offersFromDraft(offers, draft)),
    onSaved: (next) => setDraft(draftOf(next[section])),
    savedMessage: t(`admin.offers.saved.${section}`),
  });
  const titleId = `admin-offers-${section}`;
  const invalid = error ? fieldOfError(error, offers) : null;

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
