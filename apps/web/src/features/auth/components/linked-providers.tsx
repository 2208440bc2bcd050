import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchIdentities } from '../api/oauth-api.ts';
import { PROVIDER_NAMES, ProviderMark } from './provider-buttons.tsx';
import styles from './provider-buttons.module.css';

/** The profile's "Signed in with" row: the providers linked to this account (nothing when none). */
export function LinkedProviders() {
  const { t } = useTranslation();
  const identities = useQuery({ queryKey: ['auth', 'identities'], queryFn: fetchIdentities });
  const list = identities.data?.identities ?? [];
  if (list.length === 0) return null;
  return (
    <div className={styles.linked} data-testid="linked-providers">
      <span className={styles.linkedTitle}>{t('auth.oauth.linkedTitle')}</span>
      <ul className={styles.linkedList}>
        {list.map((identity) => (
          <li
            key={identity.provider}
            className={styles.linkedItem}
            data-testid={`linked-${identity.provider}`}
          >
            <ProviderMark provider={identity.provider} />
            <span>{PROVIDER_NAMES[identity.provider]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
