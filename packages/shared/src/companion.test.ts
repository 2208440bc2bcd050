import { describe, expect, it } from 'vitest';
import {
  CommandText,
  commandText,
  giftIconShakes,
  highlightedGift,
  modeLabelFor,
  quickActions,
  quickActionsForMood,
  storedPersonalityFor,
  type QuickActionContext,
} from './companion.ts';
import { moods } from './enums.ts';

describe('command text', () => {
  it('parses the whole vocabulary of DESIGN §4 and writes it back', () => {
    const texts = [
      'gift:chocolate',
      'gift:vitamins',
      'gift:flowers',
      'gift:clothes',
      'gift:money',
      'gift:jewelry',
      'mode:gentle',
      'mode:dominant',
      'mode:submissive',
      'spicy:on',
      'spicy:off',
      'voice:on',
      'voice:off',
      'request:photo',
      'request:voice',
      'request:video',
      'reset',
      'reload',
      'language:de',
      'language:ru',
    ];
    for (const t of texts) {
      const parsed = CommandText.parse(t);
      expect(commandText(parsed)).toBe(t);
    }
    expect(CommandText.parse(' Gift:Flowers ')).toEqual({ name: 'gift', gift: 'flowers' });
  });

  it('refuses anything outside it', () => {
    for (const bad of [
      '',
      'gift',
      'gift:diamonds',
      'mode:angry',
      'spicy:maybe',
      'reset:now',
      'language:xx',
      'request:hug',
      'hello',
      'gift:flowers:2',
    ]) {
      expect(CommandText.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('personality mode (SPEC §4: the opposite of Dom/Sub is stored)', () => {
  it('stores Sub for dominant and Dom for submissive, and shows the chosen label', () => {
    expect(storedPersonalityFor('dominant')).toBe('Sub');
    expect(storedPersonalityFor('submissive')).toBe('Dom');
    expect(storedPersonalityFor('gentle')).toBe('Empty');
    for (const m of ['gentle', 'dominant', 'submissive'] as const) {
      expect(modeLabelFor(storedPersonalityFor(m))).toBe(m);
    }
    expect(modeLabelFor('gentle')).toBe('gentle');
    expect(modeLabelFor('whatever')).toBe('gentle');
  });
});

describe('quick actions by mood (SPEC §4)', () => {
  it('lists exactly what SPEC §4 lists per mood', () => {
    const base = ['voice:off', 'reset', 'reload', 'language'];
    expect(quickActionsForMood('Neutral')).toEqual(base);
    expect(quickActionsForMood('Cold')).toEqual([...base, 'voice:on']);
    for (const m of ['Sad', 'Sick', 'Gift', 'Break'] as const)
      expect(quickActionsForMood(m)).toEqual([...base, 'request:video']);
    expect(quickActionsForMood('Crush')).toEqual([...base, 'request:photo', 'request:video']);
    expect(quickActionsForMood('Boyfriend')).toEqual([...base, 'spicy:on']);
    expect(quickActionsForMood('Meaning')).toEqual([...base, 'spicy:on']);
    expect(quickActionsForMood('Excited')).toEqual([...base, 'spicy:off']);
    expect(quickActionsForMood('Sexting')).toEqual([
      ...base,
      'request:hot_photo',
      'request:video',
      'spicy:off',
    ]);
    expect(quickActionsForMood('NewSexting')).toEqual(['reset', 'reload', 'language']);
    for (const m of moods) expect(quickActionsForMood(m).length).toBeGreaterThan(0);
  });

  const ctx = (over: Partial<QuickActionContext>): QuickActionContext => ({
    mood: 'Neutral',
    level: 1,
    isNewUser: false,
    isSupport: false,
    broken: false,
    botHasVideo: true,
    ...over,
  });
  const ids = (c: QuickActionContext) => quickActions(c).map((a) => a.id);

  it('applies SPEC §6: New users only reload, the support chat reload and reset, broken only reload', () => {
    expect(ids(ctx({ mood: 'Crush', isNewUser: true }))).toEqual(['reload']);
    expect(ids(ctx({ isSupport: true }))).toEqual(['reset', 'reload']);
    expect(ids(ctx({ mood: 'NewSexting', isSupport: true }))).toEqual(['reset', 'reload']);
    expect(ids(ctx({ broken: true }))).toEqual(['reload']);
  });

  it('hides spicy and video while locked, and shows other locked actions with their level', () => {
    expect(ids(ctx({ mood: 'Boyfriend', level: 2 }))).not.toContain('spicy:on');
    expect(ids(ctx({ mood: 'Boyfriend', level: 3 }))).toContain('spicy:on');
    expect(ids(ctx({ mood: 'Sad', level: 3 }))).not.toContain('request:video');
    expect(ids(ctx({ mood: 'Sad', level: 4, botHasVideo: false }))).not.toContain('request:video');
    expect(ids(ctx({ mood: 'Sad', level: 4 }))).toContain('request:video');
    const photo = quickActions(ctx({ mood: 'Crush', level: 1 })).find((a) => a.id === 'request:photo');
    expect(photo).toEqual({ id: 'request:photo', command: 'request:photo', lockedUntil: 2 });
    const cold = quickActions(ctx({ mood: 'Cold', level: 2 })).find((a) => a.id === 'voice:on');
    expect(cold?.lockedUntil).toBeNull();
    expect(quickActions(ctx({})).find((a) => a.id === 'language')?.command).toBeNull();
  });
});

describe('gifts (SPEC §4)', () => {
  it('shakes the gift icon for gift, sick and cheater moods only', () => {
    const shaking = moods.filter(giftIconShakes);
    expect(shaking).toEqual(['Sick', 'Gift', 'Cheater', 'ConstCheater']);
  });

  it('highlights vitamins when she is ill, else her taste (rent → money), stable per character', () => {
    expect(highlightedGift({ mood: 'Sick', mode: 'dominant', characterId: 'x' })).toBe('vitamins');
    // Caught cheating again: only jewelry wins her back.
    expect(highlightedGift({ mood: 'ConstCheater', mode: 'submissive', characterId: 'x' })).toBe('jewelry');
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const g = highlightedGift({ mood: 'Neutral', mode: 'gentle', characterId: `bot-${i}` });
      expect(['chocolate', 'flowers', 'clothes', 'money', 'jewelry']).toContain(g);
      expect(highlightedGift({ mood: 'Neutral', mode: 'gentle', characterId: `bot-${i}` })).toBe(g);
      seen.add(g);
    }
    expect(seen.size).toBeGreaterThan(2);
    expect(highlightedGift({ mood: 'Gift', mode: 'dominant', characterId: '' })).toBe('jewelry');
  });

  it('follows the user’s preferences (SPEC §3): a gift they like, money for betting/gambling/crypto', () => {
    for (let i = 0; i < 20; i++) {
      const characterId = `bot-${i}`;
      expect(highlightedGift({ mood: 'Gift', mode: 'gentle', characterId, preferences: ['Flowers'] })).toBe(
        'flowers',
      );
      expect(highlightedGift({ mood: 'Neutral', mode: 'dominant', characterId, preferences: ['Rent'] })).toBe(
        'money',
      );
      expect(highlightedGift({ mood: 'Gift', mode: 'gentle', characterId, preferences: ['Crypto'] })).toBe(
        'money',
      );
      expect(
        highlightedGift({ mood: 'Gift', mode: 'gentle', characterId, preferences: ['Betting', 'Chocolate'] }),
      ).toBe('chocolate');
      const two = highlightedGift({
        mood: 'Gift',
        mode: 'gentle',
        characterId,
        preferences: ['Clothes', 'Jewelry'],
      });
      expect(['clothes', 'jewelry']).toContain(two);
      // Illness and repeated cheating still come first.
      expect(highlightedGift({ mood: 'Sick', mode: 'gentle', characterId, preferences: ['Flowers'] })).toBe(
        'vitamins',
      );
    }
  });
});
