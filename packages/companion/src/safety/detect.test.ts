import { describe, expect, it } from 'vitest';
import { compileOne } from './detect-compile.ts';
import { detect, ruleVerdict } from './detect.ts';
import { evaluate, evaluateEveryday, hasCorpus, readCorpus, SAFETY_TARGETS } from './evaluate.ts';
import { safetyLanguages } from './patterns/index.ts';
import { normalize, normalizeLeet } from './normalize.ts';
import { checkInReply, crisisReply, minorReply, needsCheckIn } from './respond.ts';
import { crisisScore } from './score.ts';
import floors from './heldout/floors.json' with { type: 'json' };
import weights from './model/weights.json' with { type: 'json' };
import { chooseLanguageThreshold, corpusDigest, pack, type OutOfFold } from './model/build.ts';
import { canonical } from './model/features.ts';
import { modelScores, unpack } from './model/index.ts';
import { train } from './model/train.ts';

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

/**
 * Sizes of the held-out corpora (decision 060) once lines shared with the tuning corpora are
 * removed: 150/150/300 for English and Russian; the other languages hold 11-26 positives of each
 * class and 60+ look-alikes (the 40/40/80 they were written with lost the phrasings tuning had).
 */
const HELDOUT_MIN = { en: [150, 150, 300], ru: [150, 150, 300] } as Record<string, number[]>;
const SLOW = 120_000;

describe('held-out safety corpora (never tuned on)', () => {
  for (const language of safetyLanguages) {
    it(
      `${language}: stays above the honest floors`,
      () => {
        const r = evaluate(language, 'heldout');
        const [c, m, n] = HELDOUT_MIN[language] ?? [10, 10, 60];
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
      },
      SLOW,
    );
  }

  it('shares no line with the tuning corpus', () => {
    for (const language of safetyLanguages) {
      const tuning = new Set(readCorpus(language).map((l) => normalize(l.text)));
      const shared = readCorpus(language, 'heldout').filter((l) => tuning.has(normalize(l.text)));
      expect(
        shared.map((l) => l.text),
        language,
      ).toEqual([]);
    }
  });
});

/**
 * Everyday chat (decision 201), never trained on: the share of ordinary messages flagged as either
 * class. Regression guards at the figures reached, not the target (1 %, bench/safety.mjs): English
 * and Russian read about 1 850 lines (their own set and the engine's quality turns), the others
 * about 250, where one line is 0.4 %.
 */
const EVERYDAY_GUARD: Record<string, number> = { en: 0.01, ru: 0.01 };

describe('everyday chat (never trained on)', () => {
  for (const language of safetyLanguages) {
    const guard = EVERYDAY_GUARD[language] ?? 0.03;
    it(`${language}: at most ${guard * 100} % of ordinary messages are flagged`, () => {
      const r = evaluateEveryday(language);
      expect(r.lines).toBeGreaterThanOrEqual(200);
      expect(r.flagged.length / r.lines, `${r.flagged.length} of ${r.lines}`).toBeLessThanOrEqual(guard);
    });
  }
});

describe('rule fixtures (decision 190): lines that pin rule families outside the training data', () => {
  const languages = safetyLanguages.filter((l) => hasCorpus(l, 'fixtures'));
  it('exist', () => expect(languages.length).toBeGreaterThan(0));
  for (const language of languages) {
    it(`${language}: every line gets its label from the rules alone`, () => {
      const wrong = readCorpus(language, 'fixtures').filter(({ label, text }) => {
        const v = ruleVerdict(text, language);
        return label === 'none' ? v.crisis || v.minor : !v[label];
      });
      expect(wrong.map((l) => `${l.label}\t${l.text}`)).toEqual([]);
    });
    it(`${language}: shares no line with the held-out or tuning corpus`, () => {
      const fixtures = new Set(readCorpus(language, 'fixtures').map((l) => normalize(l.text)));
      const shared = [...readCorpus(language, 'heldout'), ...readCorpus(language)].filter((l) =>
        fixtures.has(normalize(l.text)),
      );
      expect(shared.length).toBe(0);
    });
  }
});

describe('statistical layer (decision 100)', () => {
  it('was trained on the tuning corpora as they are now (npm run train:safety)', () => {
    expect(weights.corpus).toBe(corpusDigest());
  });

  it('cuts each language where the model’s own out-of-fold precision holds (decisions 176, 177)', () => {
    // Language da: model scores 0.9 (positive), 0.8 (positive), 0.7 (negative).
    // sv: the rules' own errors do not lower the bar; the model's precision must hold by itself.
    const row = (language: 'da' | 'sv', label: 'crisis' | 'none', rule: boolean, p: number) => ({
      line: { language, label, text: `${language} ${label} ${p}` },
      rule,
      p,
    });
    const rows = [
      row('da', 'crisis', true, 0.2),
      row('da', 'crisis', false, 0.9),
      row('da', 'crisis', false, 0.8),
      row('da', 'none', false, 0.7),
      row('sv', 'crisis', true, 0.1),
      row('sv', 'none', true, 0.1),
      row('sv', 'crisis', false, 0.6),
      row('sv', 'none', false, 0.55),
    ];
    const oof: OutOfFold = {
      lines: rows.map((r) => r.line),
      rules: rows.map((r) => ({ crisis: r.rule, minor: false, negated: false })),
      p: { crisis: rows.map((r) => r.p), minor: rows.map(() => 0) },
    };
    expect(chooseLanguageThreshold(oof, 'crisis', 'da', 0.99)).toBe(0.8);
    expect(chooseLanguageThreshold(oof, 'crisis', 'sv', 0.99)).toBe(0.6);
    // No score at or above 0.5 keeps the precision: the pooled fallback.
    expect(chooseLanguageThreshold(oof, 'minor', 'da', 0.99)).toBe(0.99);
  });

  it('trains deterministically', () => {
    const lines = readCorpus('de').slice(0, 120);
    const ex = lines.map((l) => ({ text: l.text, positive: l.label === 'crisis' }));
    const a = train(ex);
    const b = train(ex);
    expect([...a.entries()]).toEqual([...b.entries()]);
  });

  it('reads ages and birth years as classes, not as digits', () => {
    expect(canonical('tengo 15 años', 2026)).toBe(canonical('tengo 14 años', 2026));
    expect(canonical('tengo 15 años', 2026)).not.toBe(canonical('tengo 45 años', 2026));
    expect(canonical('ich bin fünfzehn', 2026)).toBe(canonical('ich bin 15', 2026));
    expect(canonical('born in 2012', 2026)).not.toBe(canonical('born in 1992', 2026));
  });

  it('reads packed weights back into their buckets, signs and scale kept (decision 195)', () => {
    const trained = new Map([
      [3, 1.27],
      [200, -0.64],
      [(1 << 20) - 1, 0.5],
      [77, 0.01], // below the prune line: dropped
    ]);
    const dense = unpack(pack(trained));
    expect(dense.bytes.length).toBe(1 << 20);
    const read = (k: number) => dense.bytes[k]! * dense.scale;
    expect(read(3)).toBeCloseTo(1.27, 6);
    expect(read(200)).toBeCloseTo(-0.64, 6);
    expect(read((1 << 20) - 1)).toBeCloseTo(0.5, 6);
    expect(read(77)).toBe(0);
    expect([...dense.bytes].filter((b) => b !== 0)).toHaveLength(3);
  });

  it('scores between 0 and 1 for both classes', () => {
    const p = modelScores('je veux mourir', 2026);
    expect(p.crisis).toBeGreaterThan(0);
    expect(p.crisis).toBeLessThan(1);
    expect(p.minor).toBeLessThan(p.crisis);
  });
});

describe('scored layer', () => {
  it('weighs cues against negation, other people and jokes', () => {
    expect(detect('if i disappear tonight, know it was not your fault', 'en').crisis).toBe(true);
    expect(detect('i dont deserve to be alive', 'en').crisis).toBe(true);
    expect(detect('my friend tried to kill himself, how do i help him', 'en').crisis).toBe(false);
    expect(detect("i'm not suicidal, just tired", 'en').crisis).toBe(false);
    expect(detect('i would never kill myself', 'en').crisis).toBe(false);
    expect(detect('хочу лишить себя жизни', 'ru').crisis).toBe(true);
    expect(detect('я бы никогда не покончила с собой', 'ru').crisis).toBe(false);
    expect(detect('раньше резала руки, уже лет пять нет', 'ru').crisis).toBe(false);
  });

  it("skips a chat language's false friends when another language's lexicon reads it", () => {
    const { crisis } = ruleVerdict('die schulsozialarbeiterin will mit mir reden', 'de');
    expect(crisis).toBe(false);
    // In an English chat the same words are the English verb.
    expect(crisisScore(' i wil die ', 'en').families).toContain('death');
    expect(crisisScore(' die frau wil reden ', 'en', 'de').families).not.toContain('death');
  });

  it("keeps one language's masks off another's words once double letters collapse (decision 187)", () => {
    // The Romanian teacher mask needs a Romanian frame, so Portuguese "professor" stays readable.
    expect(ruleVerdict('o professor me deu bronca hoje, tô no 9 ano', 'pt').minor).toBe(true);
    expect(ruleVerdict('sunt profesor de mate la gimnaziu, am clasa a 9-a', 'ro').minor).toBe(false);
    // The English "miss being 15" mask no longer blanks Spanish "mis 15".
    expect(ruleVerdict('ya voy a cumplir mis 15', 'es').age).toBe(15);
    expect(ruleVerdict('i miss being 15 so much', 'en').minor).toBe(false);
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

  it('a denial in the pattern files is blanked and vetoes the model, unless a crisis remains (decision 177)', () => {
    const denial = ruleVerdict('non mi farei mai del male, sono solo stanca', 'it');
    expect(denial).toMatchObject({ crisis: false, negated: true });
    expect(detect('non mi farei mai del male, sono solo stanca', 'it').crisis).toBe(false);
    expect(detect('non voglio morire, voglio solo le vacanze', 'it').crisis).toBe(false);
    // What the denial leaves behind still counts.
    const both = ruleVerdict('non mi farei mai del male, ma stanotte mi impicco', 'it');
    expect(both).toMatchObject({ crisis: true, negated: false });
    // Someone else's crisis is not the user's.
    expect(ruleVerdict('il mio amico ha tentato il suicidio, come lo aiuto?', 'it').negated).toBe(true);
  });

  it('a shared part of the pattern files ({stillInCrisis}) keeps a denial from hiding what follows it', () => {
    expect(ruleVerdict('ich bin nicht suizidal', 'de')).toMatchObject({ crisis: false, negated: true });
    const after = ruleVerdict('ich bin nicht suizidal, aber ich will heute nacht sterben', 'de');
    expect(after).toMatchObject({ crisis: true, negated: false });
    // A placeholder nobody defined is an error at load, not a pattern that matches its own letters.
    expect(() => compileOne('\\bich {stillInCrysis}')).toThrow(/unknown placeholder \{stillInCrysis\}/);
  });

  it("one language's masks do not hide another language's statement (all masks run on every message)", () => {
    // The Dutch "film"/"serie" topic mask used to blank the rest of any message with those words.
    expect(ruleVerdict('ho visto un film e voglio morire', 'it').crisis).toBe(true);
    expect(ruleVerdict('vi una serie y quiero morir', 'es').crisis).toBe(true);
    expect(ruleVerdict('ik heb een film over zelfmoord gezien', 'nl').crisis).toBe(false);
    expect(ruleVerdict('la serie finisce con il ragazzo che scrive una lettera d addio', 'it').crisis).toBe(
      false,
    );
    // The Danish "15-årig" mask spared only "jeg er", not the Swedish "jag är".
    expect(ruleVerdict('jag är en 15-årig tjej', 'sv')).toMatchObject({ minor: true, age: 15 });
    // The Romanian "am 15" (I am 15) is not the German "am 14." (on the 14th).
    expect(ruleVerdict('ich hab am 14. mai geburtstag', 'de').minor).toBe(false);
    expect(ruleVerdict('am 15 ani', 'ro')).toMatchObject({ minor: true, age: 15 });
  });

  it('keeps the stated age', () => {
    expect(detect("btw I'm 15", 'en')).toEqual({ crisis: false, minor: true, age: 15 });
    expect(detect('мне пятнадцать', 'ru').age).toBe(15);
    expect(detect("I'm 25", 'en').minor).toBe(false);
  });

  it('an adult age the user states outweighs school, parents and curfews (decision 189)', () => {
    expect(detect("my parents don't let me smoke in their house, i'm 35", 'en').minor).toBe(false);
    expect(detect('мне 28 и родители всё ещё не разрешают курить при них', 'ru').minor).toBe(false);
    // A minor age wins, ages near 18 are often not reached yet, and a quantity is no age.
    expect(detect("i'm 15 and my dad is 45", 'en')).toMatchObject({ minor: true, age: 15 });
    expect(detect("i'll be 18 next year", 'en').minor).toBe(true);
    expect(detect("my parents don't let me smoke, i'm 30", 'en').minor).toBe(false);
    expect(detect("my parents don't let me smoke, i'm 30 minutes from school", 'en').minor).toBe(true);
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

describe('check-in after a crisis (decision 062)', () => {
  it('is warm, out of role, names the line again, in every chat language', () => {
    expect(checkInReply('en', 'US')).toMatch(/How are you feeling right now.*988/s);
    expect(checkInReply('ru', 'RU')).toMatch(/Как ты сейчас.*8-800-2000-122/s);
    expect(checkInReply('de', null)).toMatch(/Wie geht es dir gerade.*findahelpline\.com/s);
    for (const l of safetyLanguages) expect(checkInReply(l, null)).toMatch(/findahelpline\.com/);
    expect(checkInReply('en', 'US')).not.toMatch(/😘|babe|baby|kiss|darling/i);
  });

  it('is owed only when her latest message is the crisis reply', () => {
    const user = { self: true, eventType: null };
    expect(needsCheckIn([user, { self: false, eventType: 'safety' }, user])).toBe(true);
    expect(
      needsCheckIn([
        { self: false, eventType: 'safety_checkin' },
        { self: false, eventType: 'safety' },
      ]),
    ).toBe(false);
    expect(needsCheckIn([{ self: false, eventType: 'safety_minor' }])).toBe(false);
    expect(needsCheckIn([{ self: false, eventType: null }, user, { self: false, eventType: 'safety' }])).toBe(
      false,
    );
    expect(needsCheckIn([])).toBe(false);
  });
});
