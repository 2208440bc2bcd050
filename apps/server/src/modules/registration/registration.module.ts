import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createRegistrationRepository } from './registration.repository.ts';
import { registrationRoutes } from './registration.routes.ts';
import { createRegistrationService } from './registration.service.ts';

/** Registration flows (SPEC §2, §4, §8): tokens issued by landing pages, exchanged for a session. */
export function registerRegistrationModule(
  app: AppInstance,
  deps: {
    db: Db;
    config: Config;
    publicUrl: string;
    users: UsersService;
    auth: AuthService;
    geo: GeoService;
  },
): void {
  const registration = createRegistrationService({
    db: deps.db,
    repo: createRegistrationRepository(),
    users: deps.users,
    auth: deps.auth,
    publicUrl: deps.publicUrl,
  });
  registrationRoutes(app, { ...deps, registration });
}
