import { inviteLink } from '@amora/shared/rewards.ts';
import { formatTokens } from '@amora/shared/rules.ts';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CoinIcon } from '../../../components/ui/icons.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { fetchReferral, rewardsKeys } from '../api/rewards-api.ts';
import styles from './rewards.module.css';
import '../../../lib/pages-i18n.ts';

/** Invite friends: the link to share, the friends who joined with it and the tokens earned. */
export function InviteSection() {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const referral = useQuery({
    queryKey: rewardsKeys.referral(),
    queryFn: ({ signal }) => fetchReferral(signal),
  });
  if (referral.isError) return null; // SPEC §8: reward call errors are swallowed
  const data = referral.data;
  const link = data ? inviteLink(window.location.origin, data.code) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(t('rewards.invite.copied'), 'success');
    } catch {
      input.current?.select();
      showToast(t('rewards.invite.copyManually'), 'info');
    }
  };

  return (
    <section id="invite" className={styles.card} aria-labelledby="invite-title" data-testid="invite-section">
      <div className={styles.cardHead}>
        <h2 id="invite-title" className={styles.cardTitle}>
          {t('rewards.invite.title')}
        </h2>
        {data ? (
          <span className={styles.streak} data-testid="invite-earned">
            <CoinIcon size={16} /> {t('rewards.invite.earned', { tokens: formatTokens(data.tokensEarned) })}
          </span>
        ) : null}
      </div>
      <p className={styles.taskHint}>
        {t('rewards.invite.text', { tokens: formatTokens(data?.referralTokens ?? 0) })}
      </p>
      <div className={styles.linkRow}>
        <label htmlFor="invite-link" className="visually-hidden">
          {t('rewards.invite.link')}
        </label>
        <input
          id="invite-link"
          ref={input}
          className={styles.linkInput}
          value={link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          data-testid="invite-link"
        />
        <Button onClick={() => void copy()} disabled={!data} data-testid="invite-copy">
          {t('rewards.invite.copy')}
        </Button>
      </div>
      <h3 className={styles.subTitle}>{t('rewards.invite.friends', { count: data?.invited.length ?? 0 })}</h3>
      {data && data.invited.length > 0 ? (
        <ul className={styles.friends} data-testid="invite-friends">
          {data.invited.map((f, i) => (
            <li key={i} className={styles.friend}>
              <span>{f.name ?? t('rewards.invite.friend')}</span>
              <span className={styles.muted}>{formatDateTime(f.joinedAt, i18n.language)}</span>
              <span className={f.paid ? styles.done : styles.muted}>
                {f.paid ? `+${formatTokens(f.tokens)}` : t('rewards.invite.notPaid')}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('rewards.invite.none')}</p>
      )}
    </section>
  );
}
