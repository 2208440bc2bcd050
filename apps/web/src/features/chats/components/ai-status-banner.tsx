import type { AiStatus } from '@amora/shared/ai-status.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { aiStatusKey, fetchAiStatus } from '../api/ai-status-api.ts';
import styles from './ai-status-banner.module.css';

/** Kept fresh by the `ai_status` socket event; polled slowly as a fallback while it is down. */
const DOWN_RECHECK_MS = 60_000;

export function useAiStatus(): AiStatus | undefined {
  return useQuery({
    queryKey: aiStatusKey,
    queryFn: async ({ signal }) => (await fetchAiStatus(signal)).data,
    staleTime: 30_000,
    refetchInterval: (q) => (q.state.data?.status === 'down' ? DOWN_RECHECK_MS : false),
  }).data;
}

/** A quiet notice above the input while the engine that writes her replies is down. */
export function AiStatusBanner() {
  const { t } = useTranslation();
  const status = useAiStatus();
  if (status?.status !== 'down') return null;
  return (
    <p className={styles.banner} role="status" data-testid="ai-status-banner">
      <AlertIcon size={16} />
      <span>
        <strong>{t('aiStatus.downTitle')}</strong> {t('aiStatus.downText')}
      </span>
    </p>
  );
}
