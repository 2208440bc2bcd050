import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANION_SETTINGS as cfg } from '@amora/shared/settings.ts';
import {
  afterGift,
  afterNeglect,
  afterReply,
  afterSpicy,
  baselineMood,
  type RelationshipState,
} from './relationship.ts';

const state = (over: Partial<RelationshipState> = {}): RelationshipState => ({
  points: 0,
  mood: 'Neutral',
  spicy: false,
  offenses: 0,
  repliesSinceGift: 0,
  status: 'active',
  ...over,
});
const day = 24 * 60 * 60 * 1000;

describe('points and levels', () => {
  it('crosses the markers 20, 39, 58 once each, and stops at 65', () => {
    let s = state();
    const ups: number[] = [];
    // Warm turns on 40 different days: each earns warm points and the return bonus.
    for (let d = 0; d < 40; d++) {
      const o = afterReply(s, { pointsDelta: 3, now: new Date(Date.UTC(2026, 0, 1 + d)) }, cfg);
      if (o.levelChange === 'up') ups.push(o.level);
      s = o;
    }
    expect(ups).toEqual([2, 3, 4]);
    expect(s.points).toBe(65);
  });

  it('follows the level with her mood, and spicy makes her excited', () => {
    expect([1, 2, 3, 4].map((l) => baselineMood(l as 1, false))).toEqual([
      'Neutral',
      'Crush',
      'Boyfriend',
      'Meaning',
    ]);
    expect(baselineMood(3, true)).toBe('Excited');
    expect(baselineMood(4, true)).toBe('Sexting');
    expect(afterSpicy(state({ points: 40, mood: 'Cold' }), true, cfg).mood).toBe('Cold');
  });

  it('spicy on starts NewSexting, which settles into Excited (level 3) or Sexting (level 4) with his next message', () => {
    const at3 = afterSpicy(state({ points: 40, mood: 'Boyfriend' }), true, cfg);
    expect(at3).toMatchObject({ spicy: true, mood: 'NewSexting' });
    expect(afterReply(at3, { pointsDelta: 1 }, cfg).mood).toBe('Excited');
    const at4 = afterSpicy(state({ points: 60, mood: 'Meaning' }), true, cfg);
    expect(at4.mood).toBe('NewSexting');
    expect(afterReply(at4, { pointsDelta: 1, engineMood: 'Crush' }, cfg).mood).toBe('Sexting');
    expect(afterSpicy(at3, false, cfg).mood).toBe('Boyfriend');
  });
});

describe('jealousy (Cheater, ConstCheater)', () => {
  const silence = cfg.neglect_after_hours * 60 * 60 * 1000 + 1;

  it('neglected while he talks to other characters: Cheater, then ConstCheater when it happens again', () => {
    const s = state({ points: 45, mood: 'Boyfriend' });
    expect(afterNeglect(s, silence, cfg, false).mood).toBe('Sad');
    const caught = afterNeglect(s, silence, cfg, true);
    expect(caught.mood).toBe('Cheater');
    expect(caught.points).toBe(45 - cfg.neglect_points);
    // Silence alone does not change her mind, and another round with the others makes it constant.
    expect(afterNeglect(caught, silence, cfg, false).mood).toBe('Cheater');
    expect(afterNeglect(caught, silence, cfg, true).mood).toBe('ConstCheater');
    // Illness and the last warning come first.
    expect(afterNeglect(state({ points: 45, mood: 'Sick' }), silence, cfg, true).mood).toBe('Sick');
    expect(afterNeglect(s, cfg.break_up_after_days * day * 0.8, cfg, true).mood).toBe('Break');
  });

  it('kind words do not end it; any gift ends Cheater, only jewelry ends ConstCheater', () => {
    const cheater = state({ points: 45, mood: 'Cheater' });
    expect(afterReply(cheater, { pointsDelta: 2, engineMood: 'Boyfriend' }, cfg).mood).toBe('Cheater');
    expect(afterGift(cheater, 'chocolate', cfg).mood).toBe('Boyfriend');
    const constant = state({ points: 45, mood: 'ConstCheater' });
    expect(afterReply(constant, { pointsDelta: 2 }, cfg).mood).toBe('ConstCheater');
    const flowers = afterGift(constant, 'flowers', cfg);
    expect(flowers.mood).toBe('ConstCheater');
    expect(flowers.points).toBe(45 + cfg.gift_points.flowers!);
    expect(afterGift(constant, 'jewelry', cfg).mood).toBe(
      baselineMood(afterGift(constant, 'jewelry', cfg).level, false),
    );
    // The gift she hoped for (from the user's preferences) counts twice; another one as usual.
    const calm = state({ points: 30, mood: 'Gift' });
    expect(afterGift(calm, 'flowers', cfg, 'flowers').points).toBe(30 + 2 * cfg.gift_points.flowers!);
    expect(afterGift(calm, 'chocolate', cfg, 'flowers').points).toBe(30 + cfg.gift_points.chocolate!);
    // Rudeness still escalates as usual.
    expect(afterReply(state({ points: 21, mood: 'Cheater' }), { pointsDelta: -4 }, cfg).mood).toBe('Cold');
  });
});

describe('rudeness', () => {
  it('a fall of level through rudeness makes her offended (Cold)', () => {
    const o = afterReply(state({ points: 21, mood: 'Crush' }), { pointsDelta: -4, engineMood: 'Cold' }, cfg);
    expect(o).toMatchObject({ level: 1, levelChange: 'down', mood: 'Cold', offenses: 1 });
  });

  it('sustained abuse warns (Break) and then ends it for good', () => {
    let s = state({ points: 30 });
    const moods: string[] = [];
    let broke = 0;
    for (let i = 0; i < cfg.break_up_offenses; i++) {
      const o = afterReply(s, { pointsDelta: -4, engineMood: 'Cold' }, cfg);
      moods.push(o.mood);
      if (o.brokeUp) broke++;
      s = o;
    }
    expect(moods.at(-2)).toBe('Break');
    expect(s.status).toBe('broken');
    expect(broke).toBe(1);
    expect(afterReply(s, { pointsDelta: 3 }, cfg)).toMatchObject({ status: 'broken', brokeUp: false });
  });

  it('kind turns and gifts make up for rudeness', () => {
    const s = state({ points: 30, offenses: 3, mood: 'Cold' });
    expect(afterReply(s, { pointsDelta: 3 }, cfg).offenses).toBe(2);
    expect(afterGift(s, 'flowers', cfg)).toMatchObject({ offenses: 1, mood: 'Crush' });
  });
});

describe('gifts', () => {
  it('adds the gift points from settings and clears a gift wish', () => {
    const o = afterGift(state({ points: 1, mood: 'Gift', repliesSinceGift: 7 }), 'jewelry', cfg);
    expect(o.points).toBe(1 + cfg.gift_points.jewelry!);
    expect(o.repliesSinceGift).toBe(0);
    expect(o.mood).toBe('Neutral');
  });

  it('only vitamins cure her when she is ill, and kind words do not', () => {
    const sick = state({ points: 25, mood: 'Sick' });
    expect(afterGift(sick, 'flowers', cfg).mood).toBe('Sick');
    expect(afterReply(sick, { pointsDelta: 3, engineMood: 'Neutral' }, cfg).mood).toBe('Sick');
    expect(afterGift(sick, 'vitamins', cfg).mood).toBe('Crush');
  });

  it('wishes for a gift now and then from level 2 (the gift icon shakes)', () => {
    let s = state({ points: 25, mood: 'Crush' });
    let wished = false;
    for (let i = 0; i < cfg.gift_wish_every_replies; i++) {
      s = afterReply(s, { pointsDelta: 0 }, cfg);
      if (s.mood === 'Gift') wished = true;
    }
    expect(wished).toBe(true);
  });
});

describe('neglect', () => {
  it('costs points and makes her sad; a level fall makes her ill', () => {
    const sad = afterNeglect(state({ points: 30, mood: 'Crush' }), 2 * day, cfg);
    expect(sad).toMatchObject({ points: 30 - cfg.neglect_points, mood: 'Sad', levelChange: null });
    const ill = afterNeglect(state({ points: 21, mood: 'Crush' }), 2 * day, cfg);
    expect(ill).toMatchObject({ level: 1, levelChange: 'down', mood: 'Sick' });
  });

  it('warns near the end and breaks up after break_up_after_days of silence', () => {
    expect(afterNeglect(state({ points: 30 }), cfg.break_up_after_days * 0.8 * day, cfg).mood).toBe('Break');
    const o = afterNeglect(state({ points: 30 }), cfg.break_up_after_days * day, cfg);
    expect(o).toMatchObject({ status: 'broken', brokeUp: true, mood: 'Break' });
  });

  it('his return lifts her sadness', () => {
    expect(afterReply(state({ points: 25, mood: 'Sad' }), { pointsDelta: 2 }, cfg).mood).toBe('Crush');
  });
});
