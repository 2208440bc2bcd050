import { z } from 'zod';
import {
  botFilters,
  botTypes,
  chatModes,
  chatStatuses,
  languages,
  moods,
  roles,
  sexes,
  typingStates,
  userAccesses,
  userStatuses,
} from './rules.ts';

// The value lists live in the zod-free rules.ts (the web's first load imports them from there).
export {
  botFilters,
  botTypes,
  chatModes,
  chatStatuses,
  engineLanguageFor,
  engineLanguages,
  languages,
  moods,
  roles,
  sexes,
  typingStates,
  userAccesses,
  userStatuses,
  type EngineLanguage,
} from './rules.ts';

export const UserStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof UserStatus>;

export const UserAccess = z.enum(userAccesses);
export type UserAccess = z.infer<typeof UserAccess>;

export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

export const Sex = z.enum(sexes);
export type Sex = z.infer<typeof Sex>;

export const Language = z.enum(languages);
export type Language = z.infer<typeof Language>;

export const BotType = z.enum(botTypes);
export type BotType = z.infer<typeof BotType>;
export const BotFilter = z.enum(botFilters);
export type BotFilter = z.infer<typeof BotFilter>;

export const Mood = z.enum(moods);
export type Mood = z.infer<typeof Mood>;

export const ChatMode = z.enum(chatModes);
export type ChatMode = z.infer<typeof ChatMode>;

export const TypingState = z.enum(typingStates);
export type TypingState = z.infer<typeof TypingState>;

export const ChatStatus = z.enum(chatStatuses);
export type ChatStatus = z.infer<typeof ChatStatus>;

/**
 * SPEC §3 traffic sources: the affiliate platforms a visitor arrives through (`utm_source=aray` or
 * `keitaro`) and an invited friend (`referral`). Kept in the user's `source` (first touch) and, for
 * the platforms, `affiliate_platform`.
 */
export const trafficSources = ['aray', 'keitaro', 'referral'] as const;
export const TrafficSource = z.enum(trafficSources, { error: 'Traffic source is aray, keitaro or referral' });
export type TrafficSource = z.infer<typeof TrafficSource>;
/** The affiliate platforms among them: the ones named by `utm_source`. */
export const affiliatePlatforms = ['aray', 'keitaro'] as const;

/**
 * SPEC §3 "other preference values": what the user enjoys, chosen in the profile. The gift ones
 * (Chocolate … Jewelry, Rent meaning money) and the money ones (Betting, Gambling, Crypto) decide
 * which quick gift she hopes for (SPEC §4); see `highlightedGift` in companion.ts.
 */
export const preferenceValues = [
  'Betting',
  'Gambling',
  'Crypto',
  'Chocolate',
  'Flowers',
  'Clothes',
  'Rent',
  'Jewelry',
] as const;
export const Preference = z.enum(preferenceValues, {
  error: 'Preferences are Betting, Gambling, Crypto, Chocolate, Flowers, Clothes, Rent or Jewelry',
});
export type Preference = z.infer<typeof Preference>;
