import { clampPoints, levelForPoints } from '@amora/shared/chat.ts';
import type { GiftId } from '@amora/shared/companion.ts';
import type { Level } from '@amora/shared/constants.ts';
import type { ChatStatus, Mood } from '@amora/shared/enums.ts';
import type { CompanionSettings } from '@amora/shared/settings.ts';
import { z } from 'zod';

/*
 * The relationship rules of SPEC §4 as pure functions: points and levels, moods driven by what
 * happens (replies, rudeness, gifts, neglect), and the break-up that cannot be undone. The chat
 * service applies the outcome and writes the level-change and farewell messages.
 */

/**
 * The day's pace (issue 10 item 5, docs/decisions/052): his turns today (for diminishing returns),
 * the points plain turns earned today (for the daily cap) and the fraction of a point not yet added.
 */
export type PaceState = { day: string | null; turns: number; plain: number; carry: number };

const PaceShape = z.object({
  day: z.string().nullable().catch(null),
  turns: z.number().int().min(0).catch(0),
  plain: z.number().min(0).catch(0),
  carry: z.number().min(0).max(1).catch(0),
});
export const NO_PACE: PaceState = { day: null, turns: 0, plain: 0, carry: 0 };

/** The pace stored on the chat (anything unreadable starts afresh). */
export function paceOf(raw: unknown): PaceState {
  const parsed = PaceShape.safeParse(raw ?? {});
  return parsed.success ? parsed.data : NO_PACE;
}

export type RelationshipState = {
  /** The level stored on the chat (so that moved level markers show as a change); else from points. */
  level?: Level;
  pace?: PaceState;
  points: number;
  mood: Mood;
  spicy: boolean;
  offenses: number;
  repliesSinceGift: number;
  status: ChatStatus;
};

export type RelationshipOutcome = RelationshipState & {
  level: Level;
  pace: PaceState;
  levelChange: 'up' | 'down' | null;
  brokeUp: boolean;
};

/** Moods that simply follow the level (and spicy); the others are states she is in for a reason. */
const followsLevel: ReadonlySet<Mood> = new Set<Mood>([
  'Neutral',
  'Default',
  'Crush',
  'Boyfriend',
  'Meaning',
  'Excited',
  'Sexting',
  'NewSexting',
]);

/** Jealous moods (SPEC §3 Cheater, ConstCheater): she caught the user with other characters. */
const jealous: ReadonlySet<Mood> = new Set<Mood>(['Cheater', 'ConstCheater']);

/** Her mood when nothing is wrong: warmer with each level, excited when spicy is on. */
export function baselineMood(level: Level, spicy: boolean): Mood {
  if (spicy && level >= 4) return 'Sexting';
  if (spicy && level >= 3) return 'Excited';
  if (level === 4) return 'Meaning';
  if (level === 3) return 'Boyfriend';
  if (level === 2) return 'Crush';
  return 'Neutral';
}

type Markers = Pick<CompanionSettings, 'level_markers'>;

function outcome(
  before: RelationshipState,
  after: Omit<RelationshipState, 'status' | 'level'> & { status?: ChatStatus },
  cfg: Markers,
): RelationshipOutcome {
  const points = clampPoints(after.points);
  const level = levelForPoints(points, cfg.level_markers);
  const was = before.level ?? levelForPoints(before.points, cfg.level_markers);
  const status = after.status ?? before.status;
  return {
    ...after,
    pace: after.pace ?? before.pace ?? NO_PACE,
    points,
    level,
    status,
    mood: status === 'broken' ? 'Break' : after.mood,
    levelChange: level > was ? 'up' : level < was ? 'down' : null,
    brokeUp: status === 'broken' && before.status !== 'broken',
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, `YYYY-MM-DD`. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export type Turn = {
  /** The engine's judgement of the turn: negative rude, `warm_min_delta` and up warm. */
  pointsDelta: number;
  engineMood?: Mood | undefined;
  /** He sent a photo of his. */
  photo?: boolean | undefined;
  now?: Date | undefined;
};

/**
 * The points one turn earns under the operator's pace (docs/decisions/052): a plain turn is
 * worth `turn_points`, a warm one `warm_turn_points`, each divided by (1 + turns today /
 * `diminish_half_turns`); plain turns earn at most `daily_turn_cap` a day; the first turn of a
 * new day adds `return_bonus_points`, a photo `photo_points`; a rude turn takes `rude_points`.
 * Fractions are carried to the next turn so that small values add up.
 */
export function pacePoints(
  pace: PaceState,
  turn: Turn,
  cfg: CompanionSettings,
): { delta: number; pace: PaceState; returned: boolean } {
  const today = dayOf(turn.now ?? new Date());
  const newDay = pace.day !== today;
  const returned = newDay && pace.day !== null;
  const p: PaceState = newDay ? { day: today, turns: 0, plain: 0, carry: pace.carry } : { ...pace };
  const weight = 1 / (1 + p.turns / cfg.diminish_half_turns);
  let gained = 0;
  if (turn.pointsDelta < 0) gained = -cfg.rude_points;
  else {
    if (turn.pointsDelta >= cfg.warm_min_delta) gained = cfg.warm_turn_points * weight;
    else if (turn.pointsDelta > 0) {
      const plain = Math.min(cfg.turn_points * weight, Math.max(0, cfg.daily_turn_cap - p.plain));
      p.plain += plain;
      gained = plain;
    }
    if (returned) gained += cfg.return_bonus_points;
    if (turn.photo) gained += cfg.photo_points;
  }
  p.turns += 1;
  // Round away float noise (0.1 + 0.2) before splitting whole points from the carried fraction.
  const total = Math.round((p.carry + gained) * 1e6) / 1e6;
  const delta = Math.floor(total);
  p.carry = total - delta;
  return { delta, pace: p, returned };
}

/**
 * After one of her replies: the points the pace gives the turn (above) and the engine's mood,
 * rudeness counted as offenses, a gift wish now and then, and the break-up once the offenses
 * outweigh everything else.
 */
export function afterReply(s: RelationshipState, turn: Turn, cfg: CompanionSettings): RelationshipOutcome {
  const paced = pacePoints(s.pace ?? NO_PACE, turn, cfg);
  const pace = paced.pace;
  const points = clampPoints(s.points + paced.delta);
  const level = levelForPoints(points, cfg.level_markers);
  const rude = turn.pointsDelta < 0;
  let offenses = rude ? s.offenses + 1 : turn.pointsDelta >= 2 ? Math.max(0, s.offenses - 1) : s.offenses;
  let repliesSinceGift = s.repliesSinceGift + 1;
  if (offenses >= cfg.break_up_offenses) {
    return outcome(
      s,
      { ...s, pace, points, offenses, repliesSinceGift, status: 'broken', mood: 'Break' },
      cfg,
    );
  }

  let mood: Mood = s.mood;
  if (s.mood === 'Sick' && !rude)
    mood = 'Sick'; // only vitamins cure her
  else if (jealous.has(s.mood))
    mood = s.mood; // words do not convince her: only a gift makes up for the others
  else if (turn.engineMood)
    mood = followsLevel.has(turn.engineMood) ? baselineMood(level, s.spicy) : turn.engineMood;
  else if (followsLevel.has(s.mood)) mood = baselineMood(level, s.spicy);
  else if (s.mood === 'Sad' && turn.pointsDelta > 0)
    mood = baselineMood(level, s.spicy); // he is back
  else if (s.mood === 'Break' && !rude && offenses < cfg.break_up_offenses - 2)
    mood = baselineMood(level, s.spicy);

  if (rude && level < (s.level ?? levelForPoints(s.points, cfg.level_markers))) mood = 'Cold'; // a fall from rudeness: offended
  if (offenses >= cfg.break_up_offenses - 2)
    mood = 'Break'; // the last warning
  else if (followsLevel.has(mood) && level >= 2 && repliesSinceGift >= cfg.gift_wish_every_replies) {
    mood = 'Gift';
    repliesSinceGift = 0;
  } else if (mood === 'Gift' && repliesSinceGift >= Math.ceil(cfg.gift_wish_every_replies / 2)) {
    mood = baselineMood(level, s.spicy);
  }
  if (rude) offenses = Math.min(offenses, cfg.break_up_offenses);
  return outcome(s, { ...s, pace, points, mood, offenses, repliesSinceGift }, cfg);
}

/**
 * A gift: points by its value, makes up for rudeness, cheers her up; only vitamins cure her, and
 * after repeated cheating only jewelry wins her back. The gift she hoped for (`wished`, from the
 * user's stated preferences: SPEC §3, §4) counts twice.
 */
export function afterGift(
  s: RelationshipState,
  gift: GiftId,
  cfg: CompanionSettings,
  wished: GiftId | null = null,
): RelationshipOutcome {
  const value = cfg.gift_points[gift] ?? 0;
  const points = clampPoints(s.points + (gift === wished ? 2 * value : value));
  const level = levelForPoints(points, cfg.level_markers);
  const mood: Mood =
    (s.mood === 'Sick' && gift !== 'vitamins') || (s.mood === 'ConstCheater' && gift !== 'jewelry')
      ? s.mood
      : baselineMood(level, s.spicy);
  return outcome(s, { ...s, points, mood, offenses: Math.max(0, s.offenses - 2), repliesSinceGift: 0 }, cfg);
}

/**
 * The spicy toggle changes her mood when it follows the level. Turning it on starts NewSexting:
 * the heat is new, she is curious and playful; with the user's next message it settles into her
 * spicy mood for the level (Excited, Sexting).
 */
export function afterSpicy(s: RelationshipState, spicy: boolean, cfg: Markers): RelationshipOutcome {
  const level = levelForPoints(s.points, cfg.level_markers);
  const mood = followsLevel.has(s.mood) ? (spicy ? 'NewSexting' : baselineMood(level, spicy)) : s.mood;
  return outcome(s, { ...s, spicy, mood }, cfg);
}

/**
 * One neglect step after `silenceMs` without a word from the user: points fall, she gets sad, a
 * fall of level makes her ill, and a silence past `break_up_after_days` ends it for good. When the
 * user kept talking to other characters meanwhile (`elsewhere`) she is jealous instead of sad:
 * Cheater the first time, ConstCheater when it happens again while she is still jealous.
 */
export function afterNeglect(
  s: RelationshipState,
  silenceMs: number,
  cfg: CompanionSettings,
  elsewhere = false,
): RelationshipOutcome {
  const day = DAY_MS;
  if (silenceMs >= cfg.break_up_after_days * day) {
    return outcome(s, { ...s, status: 'broken', mood: 'Break' }, cfg);
  }
  const points = clampPoints(s.points - cfg.neglect_points);
  const level = levelForPoints(points, cfg.level_markers);
  let mood: Mood = followsLevel.has(s.mood) || s.mood === 'Gift' ? 'Sad' : s.mood;
  if (elsewhere && s.mood !== 'Sick' && s.mood !== 'Break')
    mood = jealous.has(s.mood) ? 'ConstCheater' : 'Cheater';
  else if (level < (s.level ?? levelForPoints(s.points, cfg.level_markers))) mood = 'Sick';
  if (silenceMs >= cfg.break_up_after_days * day * 0.75) mood = 'Break';
  return outcome(s, { ...s, points, mood }, cfg);
}
