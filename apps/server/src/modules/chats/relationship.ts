import { clampPoints, levelForPoints } from '@amora/shared/chat.ts';
import type { GiftId } from '@amora/shared/companion.ts';
import type { Level } from '@amora/shared/constants.ts';
import type { ChatStatus, Mood } from '@amora/shared/enums.ts';
import type { CompanionSettings } from '@amora/shared/settings.ts';

/*
 * The relationship rules of SPEC §4 as pure functions: points and levels, moods driven by what
 * happens (replies, rudeness, gifts, neglect), and the break-up that cannot be undone. The chat
 * service applies the outcome and writes the level-change and farewell messages.
 */

export type RelationshipState = {
  points: number;
  mood: Mood;
  spicy: boolean;
  offenses: number;
  repliesSinceGift: number;
  status: ChatStatus;
};

export type RelationshipOutcome = RelationshipState & {
  level: Level;
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

function outcome(
  before: RelationshipState,
  after: Omit<RelationshipState, 'status'> & { status?: ChatStatus },
): RelationshipOutcome {
  const points = clampPoints(after.points);
  const level = levelForPoints(points);
  const was = levelForPoints(before.points);
  const status = after.status ?? before.status;
  return {
    ...after,
    points,
    level,
    status,
    mood: status === 'broken' ? 'Break' : after.mood,
    levelChange: level > was ? 'up' : level < was ? 'down' : null,
    brokeUp: status === 'broken' && before.status !== 'broken',
  };
}

/**
 * After one of her replies: the engine's points delta and mood, rudeness counted as offenses,
 * a gift wish now and then, and the break-up once the offenses outweigh everything else.
 */
export function afterReply(
  s: RelationshipState,
  turn: { pointsDelta: number; engineMood?: Mood | undefined },
  cfg: CompanionSettings,
): RelationshipOutcome {
  const points = clampPoints(s.points + turn.pointsDelta);
  const level = levelForPoints(points);
  const rude = turn.pointsDelta < 0;
  let offenses = rude ? s.offenses + 1 : turn.pointsDelta >= 2 ? Math.max(0, s.offenses - 1) : s.offenses;
  let repliesSinceGift = s.repliesSinceGift + 1;
  if (offenses >= cfg.break_up_offenses) {
    return outcome(s, { ...s, points, offenses, repliesSinceGift, status: 'broken', mood: 'Break' });
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

  if (rude && level < levelForPoints(s.points)) mood = 'Cold'; // a fall from rudeness: offended
  if (offenses >= cfg.break_up_offenses - 2)
    mood = 'Break'; // the last warning
  else if (followsLevel.has(mood) && level >= 2 && repliesSinceGift >= cfg.gift_wish_every_replies) {
    mood = 'Gift';
    repliesSinceGift = 0;
  } else if (mood === 'Gift' && repliesSinceGift >= Math.ceil(cfg.gift_wish_every_replies / 2)) {
    mood = baselineMood(level, s.spicy);
  }
  if (rude) offenses = Math.min(offenses, cfg.break_up_offenses);
  return outcome(s, { ...s, points, mood, offenses, repliesSinceGift });
}

/**
 * A gift: points by its value, makes up for rudeness, cheers her up; only vitamins cure her, and
 * after repeated cheating only jewelry wins her back.
 */
export function afterGift(s: RelationshipState, gift: GiftId, cfg: CompanionSettings): RelationshipOutcome {
  const points = clampPoints(s.points + (cfg.gift_points[gift] ?? 0));
  const level = levelForPoints(points);
  const mood: Mood =
    (s.mood === 'Sick' && gift !== 'vitamins') || (s.mood === 'ConstCheater' && gift !== 'jewelry')
      ? s.mood
      : baselineMood(level, s.spicy);
  return outcome(s, { ...s, points, mood, offenses: Math.max(0, s.offenses - 2), repliesSinceGift: 0 });
}

/**
 * The spicy toggle changes her mood when it follows the level. Turning it on starts NewSexting:
 * the heat is new, she is curious and playful; with the user's next message it settles into her
 * spicy mood for the level (Excited, Sexting).
 */
export function afterSpicy(s: RelationshipState, spicy: boolean): RelationshipOutcome {
  const level = levelForPoints(s.points);
  const mood = followsLevel.has(s.mood) ? (spicy ? 'NewSexting' : baselineMood(level, spicy)) : s.mood;
  return outcome(s, { ...s, spicy, mood });
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
  const day = 24 * 60 * 60 * 1000;
  if (silenceMs >= cfg.break_up_after_days * day) {
    return outcome(s, { ...s, status: 'broken', mood: 'Break' });
  }
  const points = clampPoints(s.points - cfg.neglect_points);
  const level = levelForPoints(points);
  let mood: Mood = followsLevel.has(s.mood) || s.mood === 'Gift' ? 'Sad' : s.mood;
  if (elsewhere && s.mood !== 'Sick' && s.mood !== 'Break')
    mood = jealous.has(s.mood) ? 'ConstCheater' : 'Cheater';
  else if (level < levelForPoints(s.points)) mood = 'Sick';
  if (silenceMs >= cfg.break_up_after_days * day * 0.75) mood = 'Break';
  return outcome(s, { ...s, points, mood });
}
