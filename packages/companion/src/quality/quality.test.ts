import { describe, expect, it } from 'vitest';
import {
  memoryProbes,
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

  it.each(['en', 'ru'] as const)('recalls at least 90 %% of the facts told (%s)', async (lang) => {
    const r = await memoryRecall(lang);
    expect(r.rate, JSON.stringify(r.failures.slice(0, 5))).toBeGreaterThanOrEqual(targets.recall);
  });
});

describe('held-out memory probes (decision 063)', () => {
  // Floors at the first held-out figures (EN 26/40, RU 32/40); the target is 90 %, not met yet.
  const floors = { en: 0.65, ru: 0.8 } as const;
  for (const lang of ['en', 'ru'] as const) {
    it(`${lang}: recall stays at or above ${floors[lang]}`, async () => {
      const r = await memoryRecall(lang, 7, 'heldout');
      expect(r.total).toBeGreaterThanOrEqual(40);
      expect(r.rate, JSON.stringify(r.failures.slice(0, 5))).toBeGreaterThanOrEqual(floors[lang]);
    }, 60_000);
  }
});

describe('relevance on the labelled turns', () => {
  it.each(['en', 'ru'] as const)('has at least 300 labelled user turns (%s)', (lang) => {
    expect(relevanceSets[lang].length).toBeGreaterThanOrEqual(300);
  });

  it.each(['en', 'ru'] as const)(
    'answers at least 80 %% on topic and at most 5 %% wrong (%s)',
    async (lang) => {
      const r = await relevance(lang);
      const detail = JSON.stringify(r.misses.slice(0, 8));
      expect(r.onTopicRate, detail).toBeGreaterThanOrEqual(targets.onTopic);
      expect(r.wrongRate, detail).toBeLessThanOrEqual(targets.wrong);
    },
  );
});

describe('variety over a 200-turn conversation', () => {
  it.each(['en', 'ru'] as const)(
    'no sentence in more than 3 %% of replies, no repeat within 30 turns, 70 %% different from other characters (%s)',
    async (lang) => {
      expect(varietyScript[lang].length).toBe(200);
      const r = await variety(lang);
      expect(r.maxSentenceShare, r.topSentence).toBeLessThanOrEqual(targets.maxSentenceShare);
      expect(r.repeatsWithin30).toBe(targets.repeatsWithin30);
      expect(r.crossCharacterDifferent).toBeGreaterThanOrEqual(targets.crossCharacterDifferent);
    },
  );
});
