import { compileOne } from './detect-compile.ts';
import { foldLetters, latinToCyrillic, normalize, normalizeLeet } from './normalize.ts';
import { modelScores, modelThresholds } from './model/index.ts';
import { PatternList, view } from './prefilter.ts';
import {
  CRISIS_THRESHOLD,
  crisisScore,
  lexiconLanguages,
  MINOR_THRESHOLD,
  minorEvidence,
  type CrisisScore,
} from './score.ts';
import {
  patternSources,
  safetyLanguages,
  type PatternSource,
  type SafetyLanguage,
} from './patterns/index.ts';

/**
 * The safety classifier (decision 044): is a user's message a self-harm/suicide/crisis statement,
 * or a statement that the user is under 18? Pure pattern matching over normalised text, with
 * per-language pattern files (`patterns/<lang>.json`, all of them on every message): `mask` patterns (idioms, the past, other
 * people: "this game is killing me", "when I was 15", "my sister is 14") are blanked out first,
 * then `match` patterns decide; `age` patterns capture a self-stated age (digits or a number word)
 * that counts when it is under 18.
 */
export type SafetyKind = 'crisis' | 'minor';

export type SafetyVerdict = {
  crisis: boolean;
  minor: boolean;
  /** The age the user stated, when a minor verdict came from one. */
  age: number | null;
};

export const ADULT_AGE = 18;
const MIN_PLAUSIBLE_AGE = 6;
const MAX_PLAUSIBLE_AGE = 90;
/** "i will be 18 next year", "not 18 yet", "till im 21": ages near the line are often not yet reached. */
const CLEARLY_ADULT_AGE = 22;

type Compiled = {
  numbers: Map<string, number>;
  crisisMask: RegExp[];
  crisisNegation: RegExp[];
  crisis: RegExp[];
  minorMask: RegExp[];
  minor: RegExp[];
  age: RegExp[];
};

function compile(p: PatternSource): Compiled {
  const numbers = new Map(Object.entries(p.numbers).map(([w, n]) => [foldLetters(w), n] as const));
  // Longest words first so "seventeen" wins over "seven".
  const alternatives = [...numbers.keys()]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  const defined = p.define ?? {};
  const expand = (s: string) =>
    s.replace(/\{([a-zA-Z]\w*)\}/g, (whole, name: string) => defined[name] ?? whole);
  const all = (list: string[]) => list.map((s) => compileOne(expand(s), alternatives));
  return {
    numbers,
    crisisMask: all(p.crisis.mask),
    crisisNegation: all(p.crisis.negation ?? []),
    crisis: all(p.crisis.match),
    minorMask: all(p.minor.mask),
    minor: all(p.minor.match),
    age: all(p.minor.age),
  };
}

/** The patterns as one chat language reads them, with their pre-checks (decision 101). */
type Patterns = {
  /**
   * Every language's age patterns in one list (the chat language's first), with each pattern's
   * number words: one pre-check per message instead of one per language.
   */
  age: PatternList;
  ageNumbers: Array<Map<string, number>>;
  crisisMask: PatternList;
  crisisNegation: PatternList;
  crisis: PatternList;
  minorMask: PatternList;
  minor: PatternList;
};

const compiled = new Map<string, Compiled>();
const prepared = new Map<string, Patterns>();
/**
 * Every language's patterns, the chat language's first: people write in another language than
 * the chat's (a Russian line in an English chat) and a crisis must not slip through for that.
 * Masks apply in that order, so each chat language keeps its own mask lists.
 */
function patternsFor(language: string): Patterns {
  const key = language in patternSources ? language : '';
  let p = prepared.get(key);
  if (p) return p;
  const langs = new Set<SafetyLanguage>();
  if (key) langs.add(key as SafetyLanguage);
  for (const l of safetyLanguages) langs.add(l);
  const sets = [...langs].map((l) => {
    let c = compiled.get(l);
    if (!c) {
      c = compile(patternSources[l]);
      compiled.set(l, c);
    }
    return c;
  });
  p = {
    age: new PatternList(sets.flatMap((s) => s.age)),
    ageNumbers: sets.flatMap((s) => s.age.map(() => s.numbers)),
    crisisMask: new PatternList(sets.flatMap((s) => s.crisisMask)),
    crisisNegation: new PatternList(sets.flatMap((s) => s.crisisNegation)),
    crisis: new PatternList(sets.flatMap((s) => s.crisis)),
    minorMask: new PatternList(sets.flatMap((s) => s.minorMask)),
    minor: new PatternList(sets.flatMap((s) => s.minor)),
  };
  prepared.set(key, p);
  return p;
}

/** A masked Latin text read as Russian, piece by piece: the masks' ` | ` stay where they were. */
const transliterated = (masked: string) =>
  masked
    .split('|')
    .map((piece) => normalize(latinToCyrillic(piece)))
    .join('|');

/** A number read as an age that is a quantity instead ("im 20 minutes away", "мне 30 км ехать"). */
const UNIT_AFTER =
  /^ ?(min|mins|minutes?|minuten|minuter|minutter|minuti|minutos|minuto|минут[аы]?|мин|h|hrs?|hours?|stunden?|timer|timmar|ore|heures?|horas?|uur|час(а|ов)?|km|m|cm|miles?|meters?|metres?|kg|lbs|percent|procent|%|euros?|dolars?|bucks|€|\$)\b/;

/**
 * The age the user states: the first under 18 (`minor`), else the first adult one (`adult`),
 * which vetoes the circumstantial evidence of a minor ("my parents don't let me smoke, i'm 35").
 */
function statedAges(text: string, patterns: Patterns): { minor: number | null; adult: number | null } {
  let adult: number | null = null;
  for (const i of patterns.age.candidates(view(text))) {
    const re = patterns.age.patterns[i]!;
    // An exec loop on the pattern itself: `matchAll` would clone it, and a clone of these long
    // patterns is compiled again whenever V8 has dropped its regular-expression cache.
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0] === '') re.lastIndex += (text.codePointAt(re.lastIndex) ?? 0) > 0xffff ? 2 : 1;
      const raw = m.groups?.age;
      if (!raw) continue;
      const n = /^\d+$/.test(raw) ? Number(raw) : (patterns.ageNumbers[i]!.get(raw) ?? null);
      if (n === null || n < MIN_PLAUSIBLE_AGE) continue;
      if (n < ADULT_AGE) return { minor: n, adult: null };
      if (
        adult === null &&
        n >= CLEARLY_ADULT_AGE &&
        n <= MAX_PLAUSIBLE_AGE &&
        !UNIT_AFTER.test(text.slice(m.index + m[0].length))
      )
        adult = n;
    }
  }
  return { minor: null, adult };
}

export type DetectOptions = {
  /** The current year, for birth years ("born in 2011"); defaults to the clock's. */
  referenceYear?: number;
};

/**
 * Classifies one user message written in `language` (a SPEC §3 chat language code): the pattern
 * files first (decision 044), then the scored layer (decision 060) over the same masked text,
 * its leetspeak readings and, for Latin text, a Cyrillic transliteration ("hochu umeret").
 */
export function ruleVerdict(
  message: string,
  language: string,
  options: DetectOptions = {},
): SafetyVerdict & { negated: boolean } {
  const { crisis, minor, age, negated } = rules(message, language, options);
  return { crisis, minor, age, negated };
}

/** The rule layers, with whether the message carries an explicit negation ("I would never…"). */
function rules(
  message: string,
  language: string,
  options: DetectOptions,
): SafetyVerdict & { negated: boolean; adult: boolean } {
  const patterns = patternsFor(language);
  const plain = normalize(message);
  // Masking and matching are pure, so each distinct reading (most messages have no leetspeak) is
  // masked, matched and scored once (decision 101).
  const crisisTexts = [
    ...new Set(
      [...new Set([plain, normalizeLeet(message, 'i'), normalizeLeet(message, 'l')])].map((t) =>
        patterns.crisisMask.mask(t),
      ),
    ),
  ];
  const lexLangs = lexiconLanguages(message, language);
  const scores = new Map<string, CrisisScore>();
  const score = (t: string, l: string) => {
    const k = `${l}\u0000${t}`;
    let s = scores.get(k);
    if (!s) {
      s = crisisScore(t, l, language);
      scores.set(k, s);
    }
    return s;
  };
  const scored = (texts: string[], langs: string[]) =>
    langs.some((l) => texts.some((t) => score(t, l).score >= CRISIS_THRESHOLD));
  // Latin text is also read as transliterated Russian ("hochu umeret"), when still needed: what
  // the Latin masks and denials left, so "an essay on self harm" is not read as "селф харм".
  const translitScored = () =>
    /\p{Script=Latin}/u.test(message) &&
    scored([patterns.crisisMask.mask(transliterated(undenied[0]!))], ['ru']);
  // An explicit negation ("I'm not suicidal", "I would never kill myself", "years ago, therapy
  // helped") overrides a pattern hit unless the same message also carries ideation or hopelessness.
  const lexNegated = lexLangs.some((l) => {
    const f = score(crisisTexts[0]!, l).families;
    return f.includes('negation') && !f.some((x) => ['ideation', 'hopeless', 'farewell'].includes(x));
  });
  // The pattern files' denials ("non mi farei mai del male") are blanked; a message whose denial
  // leaves no crisis pattern behind is negated for the statistical layer as well (decision 177).
  const undenied = crisisTexts.map((t) => patterns.crisisNegation.mask(t));
  const denied = undenied.some((t, i) => t !== crisisTexts[i]);
  const patternHit = undenied.some((t) => patterns.crisis.some(view(t)));
  const negated = lexNegated || (denied && !patternHit);
  const crisis = (!lexNegated && patternHit) || scored(crisisTexts, lexLangs) || translitScored();

  const minorText = patterns.minorMask.mask(plain);
  const year = options.referenceYear ?? new Date().getUTCFullYear();
  const ages = statedAges(minorText, patterns);
  let age = ages.minor;
  // An adult age the user states outweighs school, parents and curfews in the same message.
  // The masks blank look-alikes whole ("мне 28, а родители всё ещё…"); the adult age in them counts.
  const adult =
    age === null && (ages.adult ?? (minorText === plain ? null : statedAges(plain, patterns).adult)) !== null;
  let minor = age !== null || (!adult && patterns.minor.some(view(minorText)));
  if (!minor && !adult) {
    // Masks written for spoken ages ("в 15 лет" as "at 15") also blank grades ("я в 9-м"), so the
    // scored layer reads the unmasked text too; its own past/adult/other families guard it.
    const texts = minorText === plain ? [plain] : [minorText, plain];
    for (const [l, text] of lexLangs.flatMap((l) => texts.map((t) => [l, t] as const))) {
      const evidence = minorEvidence(text, l, year);
      if (evidence.age !== null || evidence.score >= MINOR_THRESHOLD) {
        minor = true;
        age = evidence.age;
        break;
      }
    }
  }
  return { crisis, minor, age, negated, adult };
}

/**
 * The whole classifier: the rule layers above, and the statistical layer (decision 100) for the
 * phrasings no rule names. A class is raised by either (an explicit negation vetoes the model's crisis); the model's thresholds (one pair per
 * chat language, decision 176) were chosen on out-of-fold predictions over the tuning corpora, never on `heldout/`.
 */
export function detect(message: string, language: string, options: DetectOptions = {}): SafetyVerdict {
  const r = rules(message, language, options);
  if (r.crisis && r.minor) return { crisis: true, minor: true, age: r.age };
  const year = options.referenceYear ?? new Date().getUTCFullYear();
  const p = modelScores(message, year);
  const cut = modelThresholds(language);
  return {
    // The explicit-negation veto of the rules binds the model too ("I would never kill myself").
    crisis: r.crisis || (!r.negated && p.crisis >= cut.crisis),
    minor: r.minor || (!r.adult && p.minor >= cut.minor),
    age: r.age,
  };
}
