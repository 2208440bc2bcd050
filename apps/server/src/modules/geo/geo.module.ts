import type { AppInstance } from '../../app-types.ts';
import type { Config } from '../../config.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { geoRoutes } from './geo.routes.ts';
import { createGeoService, type GeoService } from './geo.service.ts';

/** The geo price tier (SPEC §6) from the connection's address, with an offline IP database. */
export function registerGeoModule(
  app: AppInstance,
  deps: { config: Config; users: UsersService; settings: SettingsService },
): GeoService {
  const geo = createGeoService({
    users: deps.users,
    settings: deps.settings,
    trustBodyIp: deps.config.GEO_TRUST_BODY_IP,
  });
  geoRoutes(app, { geo, config: deps.config });
  return geo;
}
