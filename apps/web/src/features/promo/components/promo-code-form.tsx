import { formatTokens } from '@amora/shared/rules.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { applyPromoCode, fetchPendingDiscount, promoKeys } from '../api/promo-api.ts';
import styles from './promo-code-form.module.css';

/** Copies a code and says so ('Promo code successfully copied', SPEC §8). */
export async function copyPromoCode(code: string, copied: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    showToast(copied, 'success');
  } catch {
    showToast(failed, 'error');
  }
}

/** The promo field on the paywall and the wallet: bonus tokens now, or a discount on the next checkout. */
export function PromoCodeForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const discount = useQuery({
    queryKey: promoKeys.discount,
    queryFn: ({ signal }) => fetchPendingDiscount(signal),
  });
  const apply = useMutation({
    mutationFn: (value: string) => applyPromoCode(value),
    onSuccess: (res) => {
      setCode('');
      if (res.kind === 'bonus_tokens') {
        useAuthStore.getState().setTokens(res.tokens);
        setResult(t('promo.bonusApplied', { tokens: formatTokens(res.amount) }));
      } else {
        setResult(t('promo.discountApplied', { percent: res.amount }));
      }
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      void queryClient.invalidateQueries({ queryKey: promoKeys.discount });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (code.trim()) apply.mutate(code.trim());
  };
  const pending = discount.data?.discount ?? null;

  return (
    <section className={styles.promo} aria-labelledby="promo-title" data-testid="promo-code">
      <h2 id="promo-title" className={styles.title}>
        {t('promo.title')}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('promo.label')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={apply.isError ? errorMessage(apply.error, t) : null}
          className={styles.field}
        />
        <Button type="submit" loading={apply.isPending} disabled={!code.trim()} className={styles.apply}>
          {t('promo.apply')}
        </Button>
      </form>
      {result ? (
        <p className={styles.result} role="status" data-testid="promo-result">
          {result}
        </p>
      ) : null}
      {pending ? (
        <div className={styles.pending} data-testid="promo-pending">
          <span>{t('promo.discountWaiting', { percent: pending.percent })}</span>
          <span className={styles.code}>{pending.code}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void copyPromoCode(pending.code, t('promo.copied'), t('promo.copyFailed'))}
            aria-label={t('promo.copyLabel', { code: pending.code })}
          >
            {t('promo.copy')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
