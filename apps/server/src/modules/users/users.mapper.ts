import { Language, preferenceValues, type Preference } from '@amora/shared/enums.ts';
import { isOnboarded, type User } from '@amora/shared/user.ts';
import type { UserRow } from '../../db/schema/users.ts';

const lang = (v: string) => Language.catch('en').parse(v);

/** Confirmed, or nothing to confirm: no password (Telegram) or a placeholder `.invalid` address. */
export function isEmailVerified(u: Pick<UserRow, 'emailVerifiedAt' | 'passwordHash' | 'email'>): boolean {
  return u.emailVerifiedAt !== null || u.passwordHash === null || u.email.endsWith('.invalid');
}

/** The API shape of a user (SPEC §3 User). */
export function toUserDto(u: UserRow): User {
  return {
    _id: u.id,
    email: u.email,
    tokens: u.tokens,
    status: u.status,
    access: u.access,
    role: u.role,
    geo: { tier: u.geoTier, country: u.geoCountry },
    language: lang(u.language),
    languageForChats: lang(u.languageForChats),
    name: u.name,
    age: u.age,
    sex: u.sex ?? null,
    country: u.country,
    notifications: u.notifications,
    subscription: { status: u.subscriptionStatus, endDate: u.subscriptionEnd?.toISOString() ?? null },
    banned: { is: u.banned, reason: u.bannedReason },
    source: u.source,
    utm_campaign: u.utmCampaign,
    utm_content: u.utmContent,
    utm_medium: u.utmMedium,
    utm_source: u.utmSource,
    utm_term: u.utmTerm,
    affiliate_platform: u.affiliatePlatform,
    preferences: u.preferences.filter((p): p is Preference =>
      (preferenceValues as readonly string[]).includes(p),
    ),
    onboarded: isOnboarded(u),
    emailVerified: isEmailVerified(u),
    createdAt: u.createdAt.toISOString(),
  };
}
