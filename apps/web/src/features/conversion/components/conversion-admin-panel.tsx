import {
  CONVERSION_OFFERS,
  type ConversionOfferId,
  type ConversionSettings,
} from '@amora/shared/conversion.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { AdminSection } from '../../admin/components/admin-section.tsx';
import adminStyles from '../../admin/components/admin.module.css';
import { conversionKeys, fetchConversionSettings, saveConversionSettings } from '../api/conversion-api.ts';
import styles from './conversion.module.css';
import '../../../lib/console-i18n.ts';

type BoxPrice = 'price_t_1' | 'price_t_2' | 'price_t_3' | 'price_admin';
const BOX_PRICES: BoxPrice[] = ['price_t_1', 'price_t_2', 'price_t_3', 'price_admin'];
/** A typed number, or the text as typed (the server names what is wrong with it). */
const num = (v: string): number => (v.trim() === '' ? Number.NaN : Number(v));

/** The operator's switches and tuning of the offers that convert (issue 12). */
export function ConversionAdminPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: conversionKeys.admin,
    queryFn: ({ signal }) => fetchConversionSettings(signal),
  });
  const [edits, setDraft] = useState<ConversionSettings | null>(null);
  const draft = edits ?? stored.data ?? null;
  const save = useMutation({
    mutationFn: saveConversionSettings,
    onSuccess: (settings) => {
      setDraft(settings);
      queryClient.setQueryData(conversionKeys.admin, settings);
      void queryClient.invalidateQueries({ queryKey: conversionKeys.all });
      showToast(t('conversion.admin.saved'), 'success');
    },
  });
  if (!draft) return <PageSpinner label={t('common.loading')} />;

  const toggle = (offer: ConversionOfferId, enabled: boolean) =>
    setDraft({ ...draft, [offer]: { ...draft[offer], enabled } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft);
  };
  const box = draft.mystery_box;
  return (
    <AdminSection id="admin-conversion" title={t('conversion.admin.title')}>
      <p className={adminStyles.muted}>{t('conversion.admin.intro')}</p>
      <form className={adminStyles.form} onSubmit={submit} noValidate data-testid="admin-conversion-form">
        {CONVERSION_OFFERS.map((offer) => (
          <fieldset key={offer} className={adminStyles.fieldset} data-testid={`conversion-${offer}`}>
            <legend>{t(`conversion.admin.${offer}`)}</legend>
            <label className={adminStyles.radio}>
              <input
                type="checkbox"
                checked={draft[offer].enabled}
                onChange={(e) => toggle(offer, e.target.checked)}
                data-testid={`conversion-${offer}-enabled`}
              />
              {t('conversion.admin.enabled')}
            </label>
            {offer === 'leave_offer' ? (
              <>
                <TextField
                  label={t('conversion.admin.percent')}
                  inputMode="numeric"
                  value={String(draft.leave_offer.percent)}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      leave_offer: { ...draft.leave_offer, percent: num(e.target.value) },
                    })
                  }
                  data-testid="conversion-leave-percent"
                />
                <TextField
                  label={t('conversion.admin.hours')}
                  inputMode="numeric"
                  value={String(draft.leave_offer.hours)}
                  onChange={(e) =>
                    setDraft({ ...draft, leave_offer: { ...draft.leave_offer, hours: num(e.target.value) } })
                  }
                />
              </>
            ) : null}
            {offer === 'trial_dialog' ? (
              <TextField
                label={t('conversion.admin.afterHours')}
                inputMode="numeric"
                value={String(draft.trial_dialog.after_hours)}
                onChange={(e) =>
                  setDraft({
                    ...draft,
                    trial_dialog: { ...draft.trial_dialog, after_hours: num(e.target.value) },
                  })
                }
              />
            ) : null}
            {offer === 'mystery_box' ? (
              <>
                {BOX_PRICES.map((k) => (
                  <TextField
                    key={k}
                    label={t(`conversion.admin.${k}`)}
                    inputMode="decimal"
                    value={String(box[k])}
                    onChange={(e) =>
                      setDraft({ ...draft, mystery_box: { ...box, [k]: num(e.target.value) } })
                    }
                  />
                ))}
                <p className={adminStyles.label}>{t('conversion.admin.prizes')}</p>
                {box.prizes.map((p, i) => (
                  <div key={i} className={styles.prizeRow} data-testid="conversion-prize">
                    <TextField
                      label={t('conversion.admin.tokens')}
                      inputMode="numeric"
                      value={String(p.tokens)}
                      onChange={(e) =>
                        setDraft({
                          ...draft,
                          mystery_box: {
                            ...box,
                            prizes: box.prizes.map((x, j) =>
                              j === i ? { ...x, tokens: num(e.target.value) } : x,
                            ),
                          },
                        })
                      }
                    />
                    <TextField
                      label={t('conversion.admin.weight')}
                      inputMode="numeric"
                      value={String(p.weight)}
                      onChange={(e) =>
                        setDraft({
                          ...draft,
                          mystery_box: {
                            ...box,
                            prizes: box.prizes.map((x, j) =>
                              j === i ? { ...x, weight: num(e.target.value) } : x,
                            ),
                          },
                        })
                      }
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      disabled={box.prizes.length < 2}
                      onClick={() =>
                        setDraft({
                          ...draft,
                          mystery_box: { ...box, prizes: box.prizes.filter((_, j) => j !== i) },
                        })
                      }
                    >
                      {t('conversion.admin.removePrize')}
                    </Button>
                  </div>
                ))}
                <Button
                  type="button"
                  variant="secondary"
                  disabled={box.prizes.length >= 10}
                  onClick={() =>
                    setDraft({
                      ...draft,
                      mystery_box: { ...box, prizes: [...box.prizes, { tokens: 1, weight: 1 }] },
                    })
                  }
                >
                  {t('conversion.admin.addPrize')}
                </Button>
              </>
            ) : null}
          </fieldset>
        ))}
        {save.isError ? (
          <p role="alert" className={styles.error} data-testid="conversion-error">
            {errorMessage(save.error, t)}
          </p>
        ) : null}
        <div className={adminStyles.actions}>
          <Button type="submit" loading={save.isPending} data-testid="conversion-save">
            {t('conversion.admin.save')}
          </Button>
        </div>
      </form>
    </AdminSection>
  );
}
