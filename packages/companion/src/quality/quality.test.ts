import { describe, expect, it } from 'vitest';
import {
  heldout2MemoryProbes,
  heldoutRelevanceSets,
  memoryProbes,
  modeShare,
  memoryRecall,
  relevance,
  relevanceSets,
  targets,
  variety,
  varietyScript,
} from './quality.ts';

describe('memory probes', () => {
  it.each(['en', 'ru'] as const)('has at least 100 told facts with recall questions (%s)', (lang) => {
    expect(memoryProbes[lang].length).toBeGreaterThanOrEqual(100);
  });

  it.each(['en', 'ru'] as const)(
    'recalls at least 90 percent of the facts told (%s)',
    async (lang) => {
      const r = await memoryRecall(lang);
      expect(r.rate, JSON.stringify(r.failures.slice(0, 5))).toBeGreaterThanOrEqual(targets.recall);
    },
    60_000,
  );
});

describe('held-out memory probes (decision 063)', () => {
  // First figures EN 26/40, RU 32/40; 40/40 each after decision 105 (the set became tuning data).
  const floors = { en: 0.9, ru: 0.9 } as const;
  for (const lang of ['en', 'ru'] as const) {
    it(`${lang}: recall stays at or above ${floors[lang]}`, async () => {
      const r = await memoryRecall(lang, 7, 'heldout');
      expect(r.total).toBeGreaterThanOrEqual(40);
      expect(r.rate, JSON.stringify(r.failures.slice(0, 5))).toBeGreaterThanOrEqual(floors[lang]);
    }, 60_000);
  }
});

describe('second held-out memory probes (decision 105)', () => {
  for (const lang of ['en', 'ru'] as const) {
    it(`${lang}: at least 80 probes, at least 90 % recalled`, async () => {
      expect(heldout2MemoryProbes[lang].length).toBeGreaterThanOrEqual(80);
      const r = await memoryRecall(lang, 7, 'heldout2');
      expect(r.rate, JSON.stringify(r.failures.slice(0, 5))).toBeGreaterThanOrEqual(targets.recall);
    }, 60_000);
  }
});

describe('held-out relevance (decision 105)', () => {
  // Floors at the figures reached (decision 160: EN 291/335 on topic, 16 wrong; RU 268/313, 14 wrong),
  // on topic rounded down, wrong rounded up; both meet the targets (80 % on topic, 5 % wrong).
  const floors = { en: { on: 0.86, wrong: 0.048 }, ru: { on: 0.85, wrong: 0.045 } } as const;
  for (const lang of ['en', 'ru'] as const) {
    it(`${lang}: at least 300 turns, on topic and wrong stay at their floors`, async () => {
      expect(heldoutRelevanceSets[lang].length).toBeGreaterThanOrEqual(300);
      const r = await relevance(lang, 11, 'heldout');
      expect(r.onTopicRate).toBeGreaterThanOrEqual(floors[lang].on);
      expect(r.wrongRate).toBeLessThanOrEqual(floors[lang].wrong);
      expect(r.onTopicRate).toBeGreaterThanOrEqual(targets.onTopic);
      expect(r.wrongRate).toBeLessThanOrEqual(targets.wrong);
    }, 60_000);
  }
});

describe('personality modes', () => {
  it.each(['en', 'ru'] as const)(
    'dominant and submissive each colour at least a fifth of her replies (%s)',
    async (lang) => {
      expect(await modeShare(lang, 'dominant')).toBeGreaterThanOrEqual(0.2);
      expect(await modeShare(lang, 'submissive')).toBeGreaterThanOrEqual(0.2);
      expect(await modeShare(lang, 'gentle')).toBeLessThan(await modeShare(lang, 'dominant'));
    },
    60_000,
  );
});

describe('relevance on the labelled turns', () => {
  it.each(['en', 'ru'] as const)('has at least 300 labelled user turns (%s)', (lang) => {
    expect(relevanceSets[lang].length).toBeGreaterThanOrEqual(300);
  });

  it.each(['en', 'ru'] as const)(
    'answers at least 80 percent on topic and at most 5 percent wrong (%s)',
    async (lang) => {
      const r = await relevance(lang);
      const detail = JSON.stringify(r.misses.slice(0, 8));
      expect(r.onTopicRate, detail).toBeGreaterThanOrEqual(targets.onTopic);
      expect(r.wrongRate, detail).toBeLessThanOrEqual(targets.wrong);
    },
    60_000,
  );
});

describe('variety over a 200-turn conversation', () => {
  it.each(['en', 'ru'] as const)(
    'no sentence in more than 3 percent of replies, no repeat within 30 turns, 70 percent different from other characters (%s)',
    async (lang) => {
      expect(varietyScript[lang].length).toBe(200);
      const r = await variety(lang);
      expect(r.maxSentenceShare, r.topSentence).toBeLessThanOrEqual(targets.maxSentenceShare);
      expect(r.repeatsWithin30).toBe(targets.repeatsWithin30);
      expect(r.crossCharacterDifferent).toBeGreaterThanOrEqual(targets.crossCharacterDifferent);
    },
    120_000,
  );
});
