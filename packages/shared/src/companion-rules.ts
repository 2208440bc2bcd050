import type { Level } from './constants.ts';
import type { ChatMode, Mood } from './enums.ts';

/*
 * The companion's pure rules, with no dependency on zod: the personality mode quirk, what each
 * level unlocks, the quick actions per mood, the gift icon and the highlighted gift (SPEC §4, §6).
 * The chat screen imports them from here so that zod stays off its first load (docs/decisions/017,
 * 186); `companion.ts` re-exports every name, so its importers keep working.
 */

export const giftIds = ['chocolate', 'vitamins', 'flowers', 'clothes', 'money', 'jewelry'] as const;
type GiftId = (typeof giftIds)[number];
// ---------------------------------------------------------------------------------------------
// Personality modes (SPEC §3, §4)

/** How a mode is stored. The original app stores the opposite of Dom/Sub; we keep that quirk. */
export const personalities = ['Dom', 'Sub', 'Empty'] as const;
export type Personality = (typeof personalities)[number];

/** SPEC §4: "setting flips between Dom and Sub (the opposite is stored)". */
export function storedPersonalityFor(mode: ChatMode): Personality {
  if (mode === 'dominant') return 'Sub';
  if (mode === 'submissive') return 'Dom';
  return 'Empty';
}

/** The mode label for a stored value (also accepts plain labels written before the quirk). */
export function modeLabelFor(stored: string): ChatMode {
  switch (stored) {
    case 'Sub':
      return 'dominant';
    case 'Dom':
      return 'submissive';
    case 'dominant':
    case 'submissive':
      return stored;
    default:
      return 'gentle';
  }
}

// ---------------------------------------------------------------------------------------------
// What each level unlocks (SPEC §4)

export const featureLevels = {
  /** Non-explicit photos, selfies. */
  photo: 2,
  voice: 2,
  /** The user may send photos; playful and intimate chat; the spicy toggle. */
  sendPhoto: 3,
  spicy: 3,
  /** Intimate photos and videos. */
  video: 4,
  hotPhoto: 4,
} as const satisfies Record<string, Level>;
export type Feature = keyof typeof featureLevels;

export function unlockLevel(feature: Feature): Level {
  return featureLevels[feature];
}

export function isUnlocked(feature: Feature, level: number): boolean {
  return level >= featureLevels[feature];
}

// ---------------------------------------------------------------------------------------------
// Quick actions (SPEC §4)

export const quickActionIds = [
  'voice:off',
  'voice:on',
  'reset',
  'reload',
  'language',
  'request:photo',
  'request:hot_photo',
  'request:video',
  'spicy:on',
  'spicy:off',
] as const;
export type QuickActionId = (typeof quickActionIds)[number];

const base: QuickActionId[] = ['voice:off', 'reset', 'reload', 'language'];

/** The quick actions of a mood, exactly as SPEC §4 lists them (before gating). */
export function quickActionsForMood(mood: Mood): QuickActionId[] {
  switch (mood) {
    case 'Cold':
      return [...base, 'voice:on'];
    case 'Sad':
    case 'Sick':
    case 'Gift':
    case 'Break':
      return [...base, 'request:video'];
    case 'Crush':
      return [...base, 'request:photo', 'request:video'];
    case 'Boyfriend':
    case 'Meaning':
      return [...base, 'spicy:on'];
    case 'Excited':
      return [...base, 'spicy:off'];
    case 'Sexting':
      return [...base, 'request:hot_photo', 'request:video', 'spicy:off'];
    case 'NewSexting':
      return ['reset', 'reload', 'language'];
    default:
      return base;
  }
}

export type QuickAction = {
  id: QuickActionId;
  /** The command the action sends (`language` opens a picker instead). */
  command: string | null;
  /** Set when the action is shown but locked: "Available at level X". */
  lockedUntil: Level | null;
};

export type QuickActionContext = {
  mood: Mood;
  level: number;
  isNewUser: boolean;
  isSupport: boolean;
  broken: boolean;
  botHasVideo: boolean;
};

const actionFeature: Partial<Record<QuickActionId, Feature>> = {
  'voice:on': 'voice',
  'request:photo': 'photo',
  'request:hot_photo': 'hotPhoto',
  'request:video': 'video',
  'spicy:on': 'spicy',
};

/**
 * The quick actions to show: the mood's list, then SPEC §5/§6 rules. A New-status user or a broken
 * relationship gets only reload; the support chat only reload and reset. The spicy toggle and the
 * video request are hidden while locked; other locked actions stay visible with their level.
 */
export function quickActions(ctx: QuickActionContext): QuickAction[] {
  const ids = quickActionsForMood(ctx.mood);
  const allowed = (id: QuickActionId) => {
    if (ctx.isNewUser || ctx.broken) return id === 'reload';
    if (ctx.isSupport) return id === 'reload' || id === 'reset';
    if (id === 'request:video' && (!ctx.botHasVideo || !isUnlocked('video', ctx.level))) return false;
    if (id === 'spicy:on' && !isUnlocked('spicy', ctx.level)) return false;
    return true;
  };
  const list = ids.includes('reload') ? ids : [...ids, 'reload' as const];
  return list.filter(allowed).map((id) => {
    const feature = actionFeature[id];
    const lockedUntil = feature && !isUnlocked(feature, ctx.level) ? unlockLevel(feature) : null;
    const command = id === 'language' ? null : id === 'request:hot_photo' ? 'request:photo' : (id as string);
    return { id, command, lockedUntil };
  });
}

// ---------------------------------------------------------------------------------------------
// Gifts (SPEC §4)

/** SPEC §4: the gift icon shakes when she is waiting for a gift, ill, or caught cheating. */
export function giftIconShakes(mood: Mood): boolean {
  return mood === 'Gift' || mood === 'Sick' || mood === 'Cheater' || mood === 'ConstCheater';
}

export const giftPreferences = ['Chocolate', 'Flowers', 'Clothes', 'Rent', 'Jewelry'] as const;
export type GiftPreference = (typeof giftPreferences)[number];

const preferenceGift: Record<GiftPreference, GiftId> = {
  Chocolate: 'chocolate',
  Flowers: 'flowers',
  Clothes: 'clothes',
  Rent: 'money',
  Jewelry: 'jewelry',
};

/** What she wishes for in each mode when she has no stated preference. */
const modePreference: Record<ChatMode, GiftPreference> = {
  gentle: 'Flowers',
  dominant: 'Jewelry',
  submissive: 'Chocolate',
};

/** Her preference, stable per character: derived from an id so every device agrees. */
export function giftPreferenceFor(characterId: string, mode: ChatMode): GiftPreference {
  if (!characterId) return modePreference[mode];
  let h = 0;
  for (const ch of characterId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  // Half the characters follow the mode's taste, the others have their own favourite.
  return h % 2 === 0 ? modePreference[mode] : giftPreferences[(h >>> 1) % giftPreferences.length]!;
}

/** The money interests among the user's preferences (SPEC §3): with nothing else chosen, money it is. */
const moneyPreferences: ReadonlySet<string> = new Set(['Betting', 'Gambling', 'Crypto']);

/**
 * The gift she hopes for from this user: one of the gifts the user likes (stable per character,
 * so two characters may hope for different ones), money for a user who only likes betting,
 * gambling or crypto, else her own taste.
 */
export function wishedGift(input: {
  mode: ChatMode;
  characterId: string;
  preferences?: readonly string[] | undefined;
}): GiftId {
  const prefs = input.preferences ?? [];
  const gifts = giftPreferences.filter((g) => prefs.includes(g));
  if (gifts.length) {
    let h = 0;
    for (const ch of input.characterId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return preferenceGift[gifts[h % gifts.length]!];
  }
  if (prefs.some((p) => moneyPreferences.has(p))) return 'money';
  return preferenceGift[giftPreferenceFor(input.characterId, input.mode)];
}

/**
 * SPEC §4: the highlighted quick gift — vitamins when she is ill, jewelry when she caught the user
 * cheating again (nothing less wins her back), else the gift she hopes for (the user's
 * preferences first, rent → money).
 */
export function highlightedGift(input: {
  mood: Mood;
  mode: ChatMode;
  characterId: string;
  preferences?: readonly string[] | undefined;
}): GiftId {
  if (input.mood === 'Sick') return 'vitamins';
  if (input.mood === 'ConstCheater') return 'jewelry';
  return wishedGift(input);
}

/** Level-change system messages (eventType on a message). */
export const companionEventTypes = [
  'level_up',
  'level_down',
  'gift',
  'mode',
  'language_changed',
  'break_up',
  'write_first',
] as const;
export type CompanionEventType = (typeof companionEventTypes)[number];
