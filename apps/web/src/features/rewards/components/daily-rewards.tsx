import { formatTokens } from '@amora/shared/rules.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CoinIcon } from '../../../components/ui/icons.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { walletKeys } from '../../wallet/api/wallet-api.ts';
import { claimDaily, fetchDaily, rewardsKeys } from '../api/rewards-api.ts';
import { formatCountdown, storedNextClaim, storeNextClaim } from '../daily-timer.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import styles from './rewards.module.css';
import '../../../lib/pages-i18n.ts';

/** The wallet's daily rewards (SPEC §2): the streak calendar, the claim button, the timer to the next claim. */
export function DailyRewards() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useAuthStore((s) => s.user?._id ?? '');
  const daily = useQuery({ queryKey: rewardsKeys.daily(), queryFn: ({ signal }) => fetchDaily(signal) });

  useEffect(() => {
    if (daily.data)
      storeNextClaim(userId, daily.data.nextClaimAt, daily.data.serverTime, daily.dataUpdatedAt);
  }, [daily.data, daily.dataUpdatedAt, userId]);

  // The timer: the server's answer when there is one, else what local storage kept from the last visit.
  const timer = useMemo(
    () =>
      daily.data
        ? {
            nextClaimAt: Date.parse(daily.data.nextClaimAt),
            offsetMs: Date.parse(daily.data.serverTime) - daily.dataUpdatedAt,
          }
        : storedNextClaim(userId),
    [daily.data, daily.dataUpdatedAt, userId],
  );
  const claimedToday = daily.data?.claimedToday ?? false;
  const counting = daily.data ? claimedToday : timer !== null;
  const left = useCountdown(counting && timer ? timer.nextClaimAt : null, timer?.offsetMs ?? 0);
  const showTimer = daily.data ? claimedToday : timer !== null && left > 0;

  // The new day has come: ask the server (the only judge) whether the claim is open.
  const expired = claimedToday && timer !== null && left === 0;
  const { refetch } = daily;
  useEffect(() => {
    if (expired) void refetch();
  }, [expired, refetch]);

  const claim = useMutation({
    mutationFn: claimDaily,
    onSuccess: (res) => {
      useAuthStore.getState().setTokens(res.updatedTokens);
      showToast(
        t('rewards.daily.claimed', { count: res.tokens, tokens: formatTokens(res.tokens) }),
        'success',
      );
    },
    onError: (err) => showToast(errorMessage(err, t), 'error'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rewardsKeys.daily() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });

  if (daily.isError) return null; // SPEC §8: reward call errors are swallowed
  const data = daily.data;

  return (
    <section className={styles.card} aria-labelledby="daily-title" data-testid="daily-rewards">
      <div className={styles.cardHead}>
        <h2 id="daily-title" className={styles.cardTitle}>
          {t('rewards.daily.title')}
        </h2>
        {data ? (
          <span className={styles.streak} data-testid="daily-streak">
            {t('rewards.daily.streak', { count: data.streak })}
          </span>
        ) : null}
      </div>
      <ol className={styles.days} aria-label={t('rewards.daily.calendar')}>
        {(data?.days ?? []).map((d) => {
          const next = !claimedToday && d.day === data?.nextDay;
          return (
            <li
              key={d.day}
              className={`${styles.day} ${d.claimed ? styles.dayClaimed : ''} ${next ? styles.dayNext : ''}`}
              data-testid="daily-day"
              data-claimed={d.claimed}
            >
              <span className={styles.dayName}>{t('rewards.daily.day', { day: d.day })}</span>
              <CoinIcon size={20} />
              <span className={styles.dayTokens}>{formatTokens(d.tokens)}</span>
              <span className="visually-hidden">
                {d.claimed ? t('rewards.daily.dayClaimed') : next ? t('rewards.daily.dayToday') : ''}
              </span>
            </li>
          );
        })}
      </ol>
      {showTimer ? (
        <p className={styles.timer} role="timer" aria-live="off" data-testid="daily-timer">
          {t('rewards.daily.nextIn')} <strong>{formatCountdown(left)}</strong>
        </p>
      ) : data ? (
        <Button
          onClick={() => claim.mutate()}
          loading={claim.isPending}
          disabled={claim.isPending}
          data-testid="daily-claim"
        >
          {t('rewards.daily.claim', {
            count: data.days[data.nextDay - 1]?.tokens ?? 0,
            tokens: formatTokens(data.days[data.nextDay - 1]?.tokens ?? 0),
          })}
        </Button>
      ) : null}
    </section>
  );
}
