import type { OAuthIdentitiesResponse, OAuthProvider } from '@amora/shared/oauth.ts';
import type { TFunction } from 'i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fetchIdentities, fetchProviders, startLink, unlinkProvider } from '../api/oauth-api.ts';
import { isOAuthProvider, oauthErrorText, PROVIDER_NAMES } from '../oauth-error-text.ts';
import { ProviderMark } from './provider-buttons.tsx';
import styles from './provider-buttons.module.css';

const IDENTITIES_KEY = ['auth', 'identities'] as const;
const RETURN_KEYS = ['linked', 'oauth_error', 'provider'];

type Notice = { kind: 'success' | 'error'; text: string };

function noticeFrom(params: URLSearchParams, t: TFunction): Notice | null {
  const error = params.get('oauth_error');
  if (error) return { kind: 'error', text: oauthErrorText(error, params.get('provider'), t) };
  const linked = params.get('linked');
  if (isOAuthProvider(linked))
    return { kind: 'success', text: t('auth.oauth.connected', { provider: PROVIDER_NAMES[linked] }) };
  return null;
}

/**
 * The profile's sign-in methods: every provider the operator enabled (and any still linked), each
 * with Connect or Disconnect. Connecting goes to the provider and comes back here with `?linked=`
 * or `?oauth_error=`, said once in a notice. The last way to sign in cannot be disconnected (the
 * server answers 409 and its reason shows). Nothing shows on a server without providers.
 */
export function LinkedProviders() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: fetchProviders,
    staleTime: 5 * 60_000,
  });
  const identities = useQuery({ queryKey: IDENTITIES_KEY, queryFn: fetchIdentities });
  const [busy, setBusy] = useState<OAuthProvider | null>(null);
  // The provider's answer lands here (?linked= or ?oauth_error=): said once, then the address is cleaned.
  const [notice, setNotice] = useState<Notice | null>(() => noticeFrom(params, t));
  useEffect(() => {
    if (!RETURN_KEYS.some((key) => params.has(key))) return;
    const next = new URLSearchParams(params);
    for (const key of RETURN_KEYS) next.delete(key);
    setParams(next, { replace: true });
  }, [params, setParams]);

  const linked = identities.data?.identities ?? [];
  const enabled = providers.data?.providers ?? [];
  const shown = [...new Set([...enabled, ...linked.map((i) => i.provider)])];
  if (shown.length === 0) return null;

  const connect = async (provider: OAuthProvider) => {
    setBusy(provider);
    setNotice(null);
    try {
      const { url } = await startLink(provider, '/profile');
      window.location.assign(url);
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err, t) });
      setBusy(null);
    }
  };
  const disconnect = async (provider: OAuthProvider) => {
    setBusy(provider);
    setNotice(null);
    try {
      const next = await unlinkProvider(provider);
      queryClient.setQueryData<OAuthIdentitiesResponse>(IDENTITIES_KEY, next);
      setNotice({
        kind: 'success',
        text: t('auth.oauth.disconnected', { provider: PROVIDER_NAMES[provider] }),
      });
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err, t) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.methods} data-testid="linked-providers">
      <span className={styles.linkedTitle}>{t('auth.oauth.methodsTitle')}</span>
      {notice ? (
        <p
          className={notice.kind === 'error' ? styles.noticeError : styles.noticeOk}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="oauth-notice"
        >
          {notice.text}
        </p>
      ) : null}
      <ul className={styles.methodList}>
        {shown.map((provider) => {
          const identity = linked.find((i) => i.provider === provider);
          const name = PROVIDER_NAMES[provider];
          return (
            <li
              key={provider}
              className={styles.method}
              data-testid={identity ? `linked-${provider}` : `unlinked-${provider}`}
            >
              <ProviderMark provider={provider} />
              <span className={styles.methodText}>
                <span>{name}</span>
                <span className={styles.methodState}>
                  {identity
                    ? (identity.email ?? t('auth.oauth.connectedShort'))
                    : t('auth.oauth.notConnected')}
                </span>
              </span>
              {identity ? (
                <Button
                  variant="ghost"
                  size="sm"
                  loading={busy === provider}
                  disabled={busy !== null}
                  onClick={() => void disconnect(provider)}
                  aria-label={t('auth.oauth.disconnectLong', { provider: name })}
                  data-testid={`disconnect-${provider}`}
                >
                  {t('auth.oauth.disconnect')}
                </Button>
              ) : enabled.includes(provider) ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={busy === provider}
                  disabled={busy !== null}
                  onClick={() => void connect(provider)}
                  aria-label={t('auth.oauth.connectLong', { provider: name })}
                  data-testid={`connect-${provider}`}
                >
                  {t('auth.oauth.connect')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
