import { oauthSignInPath, type OAuthProvider } from '@amora/shared/oauth.ts';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n.ts';
import { fetchProviders } from '../api/oauth-api.ts';
import { PROVIDER_NAMES } from '../oauth-error-text.ts';
import styles from './provider-buttons.module.css';

/** A simple mark in the provider's colour (no brand artwork shipped). */
const MARKS: Record<OAuthProvider, { letter: string; background: string }> = {
  google: { letter: 'G', background: '#4285f4' },
  facebook: { letter: 'f', background: '#1877f2' },
  apple: { letter: '', background: '#000' },
  discord: { letter: 'D', background: '#5865f2' },
  x: { letter: '𝕏', background: '#000' },
};

export function ProviderMark({ provider }: { provider: OAuthProvider }) {
  const mark = MARKS[provider];
  return (
    <span className={styles.mark} style={{ background: mark.background }} aria-hidden="true">
      {provider === 'apple' ? (
        <svg width="12" height="14" viewBox="0 0 12 14" fill="currentColor">
          <path d="M9.9 7.4c0-1.6 1.3-2.3 1.3-2.4-.7-1.1-1.8-1.2-2.2-1.2-.9-.1-1.8.6-2.3.6-.5 0-1.2-.5-2-.5C3.7 3.9 2.7 4.5 2.2 5.5c-1.1 1.9-.3 4.6.8 6.1.5.7 1.1 1.6 1.9 1.5.8 0 1-.5 2-.5s1.2.5 2 .5c.8 0 1.3-.8 1.8-1.5.6-.8.8-1.6.8-1.7 0 0-1.6-.6-1.6-2.5zM8.4 2.7c.4-.5.7-1.2.6-1.9-.6 0-1.3.4-1.8.9-.4.4-.7 1.1-.6 1.8.7.1 1.4-.3 1.8-.8z" />
        </svg>
      ) : (
        mark.letter
      )}
    </span>
  );
}

/**
 * "Continue with …" for every provider the operator enabled (none: nothing shows). Each is a plain
 * link to the server, which sends the browser on to the provider (decision 110). On sign-up the
 * terms box must be ticked first; on sign-in a note says a first sign-in creates an account.
 */
export function ProviderButtons({
  mode,
  termsAccepted,
  onTermsMissing,
  returnTo,
}: {
  mode: 'sign-in' | 'sign-up';
  termsAccepted: boolean;
  onTermsMissing: () => void;
  returnTo: string;
}) {
  const { t } = useTranslation();
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: fetchProviders,
    staleTime: 5 * 60_000,
  });
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <div className={styles.wrap} data-testid="oauth-providers">
      <div className={styles.divider}>{t('auth.oauth.or')}</div>
      <ul className={styles.list}>
        {list.map((provider) => (
          <li key={provider}>
            <a
              className={styles.button}
              href={oauthSignInPath(provider, { returnTo, lang: currentLanguage() })}
              data-testid={`oauth-${provider}`}
              aria-label={t('auth.oauth.continueWithLong', { provider: PROVIDER_NAMES[provider] })}
              onClick={(event) => {
                if (mode === 'sign-up' && !termsAccepted) {
                  event.preventDefault();
                  onTermsMissing();
                }
              }}
            >
              <ProviderMark provider={provider} />
              <span>{PROVIDER_NAMES[provider]}</span>
            </a>
          </li>
        ))}
      </ul>
      {mode === 'sign-in' ? (
        <p className={styles.note}>
          <Trans
            i18nKey="auth.oauth.note"
            components={{
              terms: <Link to="/legal/terms" target="_blank" />,
              privacy: <Link to="/legal/privacy" target="_blank" />,
            }}
          />
        </p>
      ) : null}
    </div>
  );
}
