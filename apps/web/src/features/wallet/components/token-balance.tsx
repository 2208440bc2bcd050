import { formatTokens } from '@amora/shared/rules.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinIcon } from '../../../components/ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import styles from './token-balance.module.css';

/** The balance with a coin; opens the wallet. Pulses when it changes. */
export function TokenBalance({
  testId = 'token-balance',
  compact = false,
}: {
  testId?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const tokens = useAuthStore((s) => s.user?.tokens ?? 0);
  const previous = useRef(tokens);
  const [pulse, setPulse] = useState(false);

  useEffect(() => {
    if (previous.current === tokens) return;
    previous.current = tokens;
    setPulse(true);
    const id = setTimeout(() => setPulse(false), 600);
    return () => clearTimeout(id);
  }, [tokens]);

  return (
    <Link
      to="/wallet"
      className={`${styles.balance} ${compact ? styles.compact : ''} ${pulse ? styles.pulse : ''}`}
      aria-label={t('wallet.balanceLabel', { tokens: formatTokens(tokens) })}
      data-testid={testId}
      data-tokens={tokens}
    >
      <CoinIcon size={18} />
      <span className={styles.amount}>{formatTokens(tokens)}</span>
    </Link>
  );
}
