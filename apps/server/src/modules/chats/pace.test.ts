import type { GiftId } from '@amora/shared/companion.ts';
import { DEFAULT_COMPANION_SETTINGS, type CompanionSettings } from '@amora/shared/settings.ts';
import { describe, expect, it } from 'vitest';
import {
  afterGift,
  afterNeglect,
  afterReply,
  NO_PACE,
  pacePoints,
  type RelationshipState,
} from './relationship.ts';

/*
 * Issue 10 item 5: the pace of the relationship. A simulated user chats a realistic day after day
 * (30 messages spread over the afternoon and evening); the default settings make plain chatting take
 * several days to reach Soulmate, and gifts, warmth and photos speed it up.
 */

const cfg = DEFAULT_COMPANION_SETTINGS;
const start = (): RelationshipState => ({
  points: 0,
  level: 1,
  pace: NO_PACE,
  mood: 'Neutral',
  spicy: false,
  offenses: 0,
  repliesSinceGift: 0,
  status: 'active',
});
const DAY0 = Date.UTC(2026, 2, 2, 14, 0, 0);
const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;

/** The engine's judgement of a small-talk turn: "ok" is 1, a question or news is 2 (builtin-brain). */
const smallTalk = [1, 2, 1, 2, 2, 1, 1, 2, 1, 2];

type Day = {
  messages?: number;
  /** Every n-th message is warm (a compliment, "I missed you": the engine gives 3). */
  warmEvery?: number;
  /** Every n-th message carries a photo of his. */
  photoEvery?: number;
  gifts?: GiftId[];
  rudeAt?: number[];
};

/** Runs `days` days of the same habit; returns the day (1-based) level 4 was first reached, or null. */
function simulate(days: number, habit: Day, settings: CompanionSettings = cfg) {
  let s = start();
  let soulmateOn: number | null = null;
  const levels: number[] = [];
  for (let d = 0; d < days; d++) {
    const n = habit.messages ?? 30;
    for (let i = 0; i < n; i++) {
      // Spread over the day's 9 waking hours from 14:00 UTC (never past midnight).
      const now = new Date(DAY0 + d * DAY + Math.floor((i * 9 * 60) / n) * MIN);
      const warm = habit.warmEvery && i % habit.warmEvery === 0;
      const rude = habit.rudeAt?.includes(i);
      const delta = rude ? -4 : warm ? 3 : smallTalk[i % smallTalk.length]!;
      const photo = Boolean(habit.photoEvery && i % habit.photoEvery === 0);
      s = afterReply(s, { pointsDelta: delta, photo, now }, settings);
      if (i === 5) for (const g of habit.gifts ?? []) s = afterGift(s, g, settings);
      if (soulmateOn === null && s.level === 4) soulmateOn = d + 1;
    }
    levels.push(s.level ?? 0);
  }
  return { soulmateOn, levels, state: s };
}

describe('the pace of plain chatting (default settings)', () => {
  it('30 plain messages a day reach Soulmate on day 4 at the earliest, not in 45 turns', () => {
    const { soulmateOn, levels } = simulate(10, {});
    expect(soulmateOn).not.toBeNull();
    expect(soulmateOn!).toBeGreaterThanOrEqual(4);
    expect(soulmateOn!).toBeLessThanOrEqual(7);
    // Friend after the first day or two, then Partner, then Soulmate.
    expect(levels[0]).toBe(1);
    expect(levels.at(-1)).toBe(4);
  });

  it('a whole day of chatting does not buy more than the daily cap', () => {
    const marathon = simulate(1, { messages: 300 });
    const normal = simulate(1, { messages: 30 });
    expect(marathon.state.points).toBe(normal.state.points);
    expect(marathon.state.points).toBeLessThanOrEqual(cfg.daily_turn_cap);
    expect(marathon.state.level).toBe(1);
  });

  it('each turn of the day is worth less than the one before', () => {
    let pace = NO_PACE;
    const worth: number[] = [];
    const loose = { ...cfg, daily_turn_cap: 1000 };
    for (let i = 0; i < 30; i++) {
      const before = pace.plain;
      pace = pacePoints(pace, { pointsDelta: 1, now: new Date(DAY0 + i * MIN) }, loose).pace;
      worth.push(pace.plain - before);
    }
    for (let i = 1; i < worth.length; i++) expect(worth[i]!).toBeLessThan(worth[i - 1]!);
    expect(worth[0]).toBe(cfg.turn_points);
    expect(worth[cfg.diminish_half_turns]).toBeCloseTo(cfg.turn_points / 2);
  });

  it('coming back on a new day adds the return bonus once', () => {
    const first = pacePoints(NO_PACE, { pointsDelta: 0, now: new Date(DAY0) }, cfg);
    expect(first.returned).toBe(false);
    const sameDay = pacePoints(first.pace, { pointsDelta: 0, now: new Date(DAY0 + 60 * MIN) }, cfg);
    expect(sameDay.delta).toBe(0);
    const nextDay = pacePoints(sameDay.pace, { pointsDelta: 0, now: new Date(DAY0 + DAY) }, cfg);
    expect(nextDay).toMatchObject({ returned: true, delta: cfg.return_bonus_points });
    expect(nextDay.pace.turns).toBe(1);
  });
});

describe('what speeds it up', () => {
  const plain = simulate(10, {}).soulmateOn!;

  it('warmth: a compliment every third message', () => {
    const warm = simulate(10, { warmEvery: 3 }).soulmateOn!;
    expect(warm).toBeLessThan(plain);
    expect(warm).toBeGreaterThanOrEqual(2);
  });

  it('gifts, by their price: flowers a day, or jewelry a day', () => {
    const flowers = simulate(10, { gifts: ['flowers'] }).soulmateOn!;
    const jewelry = simulate(10, { gifts: ['jewelry'] }).soulmateOn!;
    expect(flowers).toBeLessThan(plain);
    expect(jewelry).toBeLessThanOrEqual(flowers);
    expect(cfg.gift_points.jewelry!).toBeGreaterThan(cfg.gift_points.flowers!);
    expect(cfg.gift_points.flowers!).toBeGreaterThan(cfg.gift_points.chocolate!);
  });

  it('photos of his', () => {
    expect(simulate(10, { photoEvery: 10 }).soulmateOn!).toBeLessThan(plain);
  });

  it('a generous user (warm, a gift and a photo every day) still takes more than one day', () => {
    const best = simulate(10, { warmEvery: 2, gifts: ['jewelry'], photoEvery: 10 }).soulmateOn!;
    expect(best).toBeGreaterThanOrEqual(2);
    expect(best).toBeLessThan(plain);
  });
});

describe('what brings it down', () => {
  it('rudeness costs rude_points and can cost the level', () => {
    const s = { ...start(), points: 21, level: 2 as const, mood: 'Crush' as const };
    const o = afterReply(s, { pointsDelta: -4, now: new Date(DAY0) }, cfg);
    expect(o.points).toBe(21 - cfg.rude_points);
    expect(o).toMatchObject({ level: 1, levelChange: 'down', mood: 'Cold' });
  });

  it('a rude habit keeps her from ever getting close', () => {
    const rude = simulate(10, { rudeAt: [3, 12, 20] });
    expect(rude.soulmateOn).toBeNull();
  });

  it('neglect: every silent day costs neglect_points and can drop the level', () => {
    let s: RelationshipState = { ...start(), points: 40, level: 3, mood: 'Boyfriend' };
    const levels: number[] = [];
    for (let d = 1; d <= 6; d++) {
      const o = afterNeglect(s, d * DAY, cfg);
      levels.push(o.level);
      s = o;
    }
    expect(s.points).toBe(40 - 6 * cfg.neglect_points);
    expect(levels.at(-1)).toBeLessThan(3);
  });
});

describe('the operator sets the pace', () => {
  it('a faster pace reaches Soulmate sooner, a slower one later', () => {
    const plain = simulate(20, {}).soulmateOn!;
    const fast = simulate(20, {}, { ...cfg, daily_turn_cap: 30, turn_points: 2 }).soulmateOn!;
    const slow = simulate(20, {}, { ...cfg, daily_turn_cap: 5, return_bonus_points: 0 }).soulmateOn!;
    expect(fast).toBeLessThan(plain);
    expect(slow).toBeGreaterThan(plain);
  });

  it('moved level markers move the levels', () => {
    const s = { ...start(), points: 18, level: 1 as const };
    const o = afterReply(s, { pointsDelta: 0, now: new Date(DAY0) }, { ...cfg, level_markers: [10, 30, 50] });
    expect(o).toMatchObject({ level: 2, levelChange: 'up' });
    const g = afterGift({ ...start(), points: 45, level: 3 }, 'chocolate', {
      ...cfg,
      level_markers: [10, 30, 48],
    });
    expect(g).toMatchObject({ points: 48, level: 4, levelChange: 'up' });
  });
});
