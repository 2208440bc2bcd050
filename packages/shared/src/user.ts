import { z } from 'zod';
import { userText } from './text-schema.ts';
import { MAX_AGE, MIN_AGE, NAME_MAX_LENGTH } from './constants.ts';
import { Language, Preference, Role, Sex, UserAccess, UserStatus } from './enums.ts';

export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter ISO code')
  .transform((c) => c.toUpperCase());

/** The User entity of SPEC §3 as the API returns it. */
export const User = z
  .object({
    _id: z.string(),
    email: z.string(),
    tokens: z.number().int(),
    status: UserStatus,
    access: UserAccess,
    role: Role,
    geo: z.object({ tier: z.number().int(), country: z.string().nullable() }),
    language: Language,
    languageForChats: Language,
    name: z.string().nullable(),
    age: z.number().int().nullable(),
    sex: Sex.nullable(),
    country: z.string().nullable(),
    notifications: z.boolean(),
    subscription: z.object({ status: z.string(), endDate: z.string().nullable() }),
    banned: z.object({ is: z.boolean(), reason: z.string().nullable() }),
    source: z.string().nullable(),
    utm_campaign: z.string().nullable(),
    utm_content: z.string().nullable(),
    utm_medium: z.string().nullable(),
    utm_source: z.string().nullable(),
    utm_term: z.string().nullable(),
    affiliate_platform: z.string().nullable(),
    /** SPEC §3 preference values the user chose in the profile. */
    preferences: z.array(Preference),
    onboarded: z.boolean(),
    /** Whether the address is confirmed (always true for accounts without one to prove, e.g. Telegram). */
    emailVerified: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/**
 * Only the first name (SPEC §5 'Only firstname'): one word of letters, with apostrophes and hyphens
 * inside it (O'Neil, Anne-Marie); no spaces, so no surname.
 */
export const firstName = userText()
  .min(1, 'Name is required')
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
  .regex(/^[\p{L}][\p{L}\p{M}'’-]*$/u, 'Only first name: one word, letters only');

/** The first word of a full name from elsewhere (Telegram's first_name may hold two). */
export function firstWord(full: string): string {
  return full.trim().split(/\s+/u)[0] ?? '';
}

export const age = z
  .number({ error: 'Age must be a number' })
  .int('Age must be a whole number')
  .min(MIN_AGE, `You must be at least ${MIN_AGE}`)
  .max(MAX_AGE, `Age must be at most ${MAX_AGE}`);

export const UserUpdateBody = z
  .object({
    name: firstName.optional(),
    age: age.optional(),
    sex: Sex.optional(),
    country: countryCode.optional(),
    /** The whole set (replaces what was stored); each value once. */
    preferences: z
      .array(Preference)
      .max(8)
      .refine((v) => new Set(v).size === v.length, 'Each preference once')
      .optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;

export const LanguageBody = z.object({ language: Language }).strict();
export type LanguageBody = z.infer<typeof LanguageBody>;

export const UserResponse = z.object({ user: User });

/** A user has finished onboarding when the profile the companion needs is filled in. */
export function isOnboarded(u: { name: string | null; age: number | null; sex: string | null }): boolean {
  return Boolean(u.name && u.age && u.sex);
}
