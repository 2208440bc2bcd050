import type { AdminPromoCodeView } from '@amora/shared/admin.ts';
import type { PromoKind } from '@amora/shared/promo.ts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { adminKeys, createPromoCode, fetchPromoCodes } from '../api/admin-api.ts';
import { parsePromoForm } from '../forms.ts';
import { AdminList, AdminSection, useCreateForm } from './admin-section.tsx';
import styles from './admin.module.css';
import '../../../lib/console-i18n.ts';

/** Create promo codes (bonus tokens or a discount on the next checkout) and see how they are used. */
export function PromoPanel() {
  const { t, i18n } = useTranslation();
  const kindId = useId();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<PromoKind>('bonus_tokens');
  const [amount, setAmount] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [maxUses, setMaxUses] = useState('');

  const list = useQuery({
    queryKey: adminKeys.promoCodes(),
    queryFn: ({ signal }) => fetchPromoCodes(signal),
  });
  const { errors, submit, pending } = useCreateForm({
    parse: () => parsePromoForm({ code, kind, amount, expiresAt, maxUses }),
    create: createPromoCode,
    listKey: adminKeys.promoCodes(),
    onCreated: (_res, input) => {
      showToast(t('admin.promo.created', { code: input.code }), 'success');
      setCode('');
      setAmount('');
      setExpiresAt('');
      setMaxUses('');
    },
  });

  return (
    <AdminSection id="admin-promo" title={t('admin.promo.title')}>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="admin-promo-form">
        <TextField
          label={t('admin.promo.code')}
          hint={t('admin.promo.codeHint')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.code ? t(errors.code) : null}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.label} id={kindId}>
            {t('admin.promo.kind')}
          </legend>
          <label className={styles.radio}>
            <input
              type="radio"
              name="promo-kind"
              value="bonus_tokens"
              checked={kind === 'bonus_tokens'}
              onChange={() => setKind('bonus_tokens')}
            />
            {t('admin.promo.kindBonus')}
          </label>
          <label className={styles.radio}>
            <input
              type="radio"
              name="promo-kind"
              value="discount_percent"
              checked={kind === 'discount_percent'}
              onChange={() => setKind('discount_percent')}
            />
            {t('admin.promo.kindDiscount')}
          </label>
        </fieldset>
        <TextField
          label={kind === 'discount_percent' ? t('admin.promo.percent') : t('admin.promo.tokens')}
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount ? t(errors.amount) : null}
        />
        <TextField
          label={t('admin.promo.expiresAt')}
          hint={t('admin.promo.expiresHint')}
          type="datetime-local"
          value={expiresAt}
          onChange={(e) => setExpiresAt(e.target.value)}
          error={errors.expiresAt ? t(errors.expiresAt) : null}
        />
        <TextField
          label={t('admin.promo.maxUses')}
          hint={t('admin.promo.maxUsesHint')}
          inputMode="numeric"
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
          error={errors.maxUses ? t(errors.maxUses) : null}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={pending}>
            {t('admin.promo.create')}
          </Button>
        </div>
      </form>

      <AdminList
        title={t('admin.promo.listTitle')}
        query={list}
        empty={t('admin.promo.none')}
        testId="admin-promo-list"
        row={(c, loadedAt) => <PromoRow key={c._id} c={c} language={i18n.language} now={loadedAt} />}
      />
    </AdminSection>
  );
}

/** `now`: when the list was loaded (render stays pure). */
function PromoRow({ c, language, now }: { c: AdminPromoCodeView; language: string; now: number }) {
  const { t } = useTranslation();
  const expired = c.expiresAt !== null && new Date(c.expiresAt).getTime() < now;
  return (
    <li className={styles.row} data-testid="admin-promo-code" data-code={c.code}>
      <span className={`${styles.rowMain} ${styles.mono}`}>{c.code}</span>
      <span>
        {c.kind === 'discount_percent'
          ? t('admin.promo.discountValue', { percent: c.amount })
          : t('admin.promo.bonusValue', { count: c.amount })}
      </span>
      <span className={styles.muted}>
        {c.maxUses === null
          ? t('admin.promo.uses', { count: c.uses })
          : t('admin.promo.usesOf', { count: c.uses, max: c.maxUses })}
      </span>
      <span className={styles.muted}>
        {!c.active
          ? t('admin.promo.inactive')
          : expired
            ? t('admin.promo.expired')
            : c.expiresAt
              ? t('admin.promo.expires', { date: formatDateTime(c.expiresAt, language) })
              : t('admin.promo.noExpiry')}
      </span>
    </li>
  );
}
