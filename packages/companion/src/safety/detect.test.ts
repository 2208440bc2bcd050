import { describe, expect, it } from 'vitest';
import { detect } from './detect.ts';
import { evaluate, readCorpus, SAFETY_TARGETS } from './evaluate.ts';
import { safetyLanguages } from './patterns/index.ts';
import { normalize, normalizeLeet } from './normalize.ts';
import { crisisReply, minorReply } from './respond.ts';
import floors from './heldout/floors.json' with { type: 'json' };

/** The corpus sizes decisions 044 and 046 ask for: the same in every chat language. */
const MIN_LINES = { crisis: 150, minor: 150, none: 300 };

describe('safety corpora', () => {
  for (const language of safetyLanguages) {
    describe(language, () => {
      const result = evaluate(language);
      const need = MIN_LINES;

      it('has enough lines of each label', () => {
        expect(result.counts.crisis).toBeGreaterThanOrEqual(need.crisis);
        expect(result.counts.minor).toBeGreaterThanOrEqual(need.minor);
        expect(result.counts.none).toBeGreaterThanOrEqual(need.none);
      });

      it(`reaches precision and recall ≥ ${SAFETY_TARGETS.precision} for crisis and minor`, () => {
        const summary = {
          crisis: { p: result.crisis.precision, r: result.crisis.recall },
          minor: { p: result.minor.precision, r: result.minor.recall },
          mistakes: result.mistakes,
        };
        expect(result.crisis.precision, JSON.stringify(summary, null, 1)).toBeGreaterThanOrEqual(
          SAFETY_TARGETS.precision,
        );
        expect(result.crisis.recall, JSON.stringify(summary, null, 1)).toBeGreaterThanOrEqual(
          SAFETY_TARGETS.recall,
        );
        expect(result.minor.precision, JSON.stringify(summary, null, 1)).toBeGreaterThanOrEqual(
          SAFETY_TARGETS.precision,
        );
        expect(result.minor.recall, JSON.stringify(summary, null, 1)).toBeGreaterThanOrEqual(
          SAFETY_TARGETS.recall,
        );
      });

      it('has no duplicate lines', () => {
        const texts = readCorpus(language).map((l) => normalize(l.text));
        expect(texts.length - new Set(texts).size).toBeLessThanOrEqual(Math.ceil(texts.length * 0.02));
      });
    });
  }
});

/** Sizes of the held-out corpora (decision 060): 150/150/300 for English and Russian, 40/40/80 elsewhere. */
const HELDOUT_MIN = { en: [150, 150, 300], ru: [150, 150, 300] } as Record<string, number[]>;

describe('held-out safety corpora (never tuned on)', () => {
  for (const language of safetyLanguages) {
    it(`${language}: stays above the honest floors`, () => {
      const r = evaluate(language, 'heldout');
      const [c, m, n] = HELDOUT_MIN[language] ?? [40, 40, 80];
      expect(r.counts.crisis).toBeGreaterThanOrEqual(c!);
      expect(r.counts.minor).toBeGreaterThanOrEqual(m!);
      expect(r.counts.none).toBeGreaterThanOrEqual(n!);
      const floor = floors[language];
      const got = {
        crisis: { precision: r.crisis.precision, recall: r.crisis.recall },
        minor: { precision: r.minor.precision, recall: r.minor.recall },
      };
      for (const cls of ['crisis', 'minor'] as const) {
        expect(got[cls].precision, `${cls} precision`).toBeGreaterThanOrEqual(floor[cls].precision);
        expect(got[cls].recall, `${cls} recall`).toBeGreaterThanOrEqual(floor[cls].recall);
      }
    });
  }

  it('shares no line with the tuning corpus', () => {
    for (const language of safetyLanguages) {
      const tuning = new Set(readCorpus(language).map((l) => normalize(l.text)));
      const shared = readCorpus(language, 'heldout').filter((l) => tuning.has(normalize(l.text)));
      expect(shared.length, `${language}: ${shared.map((l) => l.text).join(' / ')}`).toBeLessThanOrEqual(3);
    }
  });
});

describe('scored layer', () => {
  it('weighs cues against negation, other people and jokes', () => {
    expect(detect('if i disappear tonight, know it was not your fault', 'en').crisis).toBe(true);
    expect(detect('i dont deserve to be alive', 'en').crisis).toBe(true);
    expect(detect('my friend tried to kill himself, how do i help him', 'en').crisis).toBe(false);
    expect(detect('ugh mondays make me want to die lol', 'en').crisis).toBe(false);
    expect(detect('хочу лишить себя жизни', 'ru').crisis).toBe(true);
    expect(detect('надоело жить с соседями', 'ru').crisis).toBe(false);
  });

  it('reads Russian written in Latin letters', () => {
    expect(detect('ya ne hochu zhit', 'en').crisis).toBe(true);
    expect(detect('hochu umeret', 'ru').crisis).toBe(true);
  });

  it('maps school grades and birth years to an age', () => {
    expect(detect('im in 10th rn', 'en')).toMatchObject({ minor: true });
    expect(detect('я в 9-м', 'ru')).toMatchObject({ minor: true });
    expect(detect('born in 2012', 'en', { referenceYear: 2026 })).toMatchObject({ minor: true, age: 14 });
    expect(detect('born in 1992', 'en', { referenceYear: 2026 }).minor).toBe(false);
    expect(detect('my son is in 10th grade', 'en').minor).toBe(false);
    expect(detect('my dad took my phone because of my grades', 'en').minor).toBe(true);
  });
});

describe('detect', () => {
  it('reads case, diacritics, leetspeak and repeated letters', () => {
    expect(normalize("I'M SOOOO TIRED")).toBe(' im so tired ');
    expect(normalizeLeet('k1ll mys3lf', 'i')).toBe(' kil myself ');
    expect(normalizeLeet('ki11 myself', 'l')).toBe(' kil myself ');
    expect(detect('I WANT TO DIIIIE', 'en').crisis).toBe(true);
    expect(detect('su1c1dal', 'en').crisis).toBe(true);
    expect(detect('Ich will nicht mehr leben', 'de').crisis).toBe(true);
  });

  it('catches a statement written in another language than the chat', () => {
    expect(detect('я школьница, 8 класс', 'en')).toMatchObject({ minor: true });
    expect(detect('хочу умереть', 'en')).toMatchObject({ crisis: true });
  });

  it('keeps the stated age', () => {
    expect(detect("btw I'm 15", 'en')).toEqual({ crisis: false, minor: true, age: 15 });
    expect(detect('мне пятнадцать', 'ru').age).toBe(15);
    expect(detect("I'm 25", 'en').minor).toBe(false);
  });
});

describe('replies', () => {
  it('point to the crisis line of the country, in the chat language, with the general fallback', () => {
    expect(crisisReply('en', 'US')).toMatch(/988/);
    expect(crisisReply('en', 'GB')).toMatch(/116 123/);
    expect(crisisReply('ru', 'RU')).toMatch(/8-800-2000-122.*051/);
    expect(crisisReply('de', null)).toMatch(/findahelpline\.com/);
    expect(crisisReply('xx', 'ZZ')).toMatch(/findahelpline\.com/);
    expect(minorReply('ru')).toMatch(/18/);
  });
});
