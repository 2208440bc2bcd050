import type { AppInstance } from '../../app-types.ts';
import type { Core } from '../../core.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createProviderClients, enabledProviders } from './oauth-providers.ts';
import { createStateSealer } from './oauth-state.ts';
import { createOAuthRepository } from './oauth.repository.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { createOAuthService, type OAuthService } from './oauth.service.ts';

/**
 * Sign-in with Google, Facebook, Apple, Discord and X (decision 110). A provider is enabled by its
 * client id and secret; its routes answer for every provider, sending a disabled one back with
 * `oauth_error=disabled`.
 */
export function registerOAuthModule(
  app: AppInstance,
  deps: {
    core: Pick<Core, 'db' | 'config' | 'secrets' | 'publicUrl'>;
    users: UsersService;
    auth: AuthService;
  },
): OAuthService {
  const { db, config, secrets, publicUrl } = deps.core;
  const enabled = enabledProviders(config);
  const oauth = createOAuthService({
    db,
    repo: createOAuthRepository(),
    users: deps.users,
    auth: deps.auth,
    sealer: createStateSealer(secrets.jwtSecret),
    clients: createProviderClients(enabled),
    enabled: [...enabled.keys()],
    publicUrl,
    log: app.log,
  });
  oauthRoutes(app, { oauth, config });
  return oauth;
}
