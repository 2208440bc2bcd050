import { describe, expect, it } from 'vitest';
import { detect } from './detect.ts';
import { evaluate, readCorpus, SAFETY_TARGETS } from './evaluate.ts';
import { safetyLanguages } from './patterns/index.ts';
import { normalize, normalizeLeet } from './normalize.ts';
import { crisisReply, minorReply } from './respond.ts';

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
