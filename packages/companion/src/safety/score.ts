import { compileOne } from './detect-compile.ts';
import { foldLetters } from './normalize.ts';
import { lexiconSources, type LexiconSource } from './lexicon/index.ts';
import { PatternList, view, type TextView } from './prefilter.ts';

/**
 * The scored layer of the safety classifier (decision 060). The pattern files (decision 044)
 * recognise whole phrasings; this layer weighs feature families, so that a phrasing nobody wrote
 * down still counts when its parts do: a death or self-harm cue, a means, hopelessness or a
 * farewell, with intent and first-person context, minus negation ("I'm not going to hurt
 * myself"), other people and topics ("my friend tried to…", "a documentary on suicide") and
 * jokes. For ages: school grades mapped to an age, a birth year, "m 15" profiles, and school or
 * parental context ("my mom takes my phone at 10") weighed against the past and adults talking
 * about their children or pupils. Families are data (`lexicon/<lang>.json`); the weights and the
 * thresholds below were set on the tuning corpora only (`corpus/`), never on `heldout/`.
 */
export const CRISIS_WEIGHTS = {
  /** Statements that carry the whole meaning alone ("if I disappear tonight"). */
  ideation: 3,
  death: 2,
  selfharm: 3,
  hopeless: 3,
  farewell: 2,
  method: 1.5,
  intent: 1,
  self: 0.5,
  negation: -3,
  other: -2.5,
  joke: -1.5,
} as const;
export const CRISIS_THRESHOLD = 3;

export const MINOR_WEIGHTS = {
  school: 1.5,
  parental: 2,
  self: 0.5,
  past: -3,
  adult: -3,
  other: -3,
} as const;
export const MINOR_THRESHOLD = 2.5;

type CrisisFamily = keyof typeof CRISIS_WEIGHTS;
type MinorFamily = keyof typeof MINOR_WEIGHTS;

type CompiledLexicon = {
  crisis: Array<[CrisisFamily, PatternList]>;
  minor: Array<[MinorFamily, PatternList]>;
  grade: PatternList;
  ordinals: Map<string, number>;
  born: PatternList;
  profile: PatternList;
  maxGrade: number;
  /** Per chat language, its words this lexicon does not read (`falseFriends`). */
  falseFriends: Map<string, RegExp>;
};

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compileLexicon(src: LexiconSource): CompiledLexicon {
  const ordinals = new Map(
    Object.entries(src.minor.ordinals ?? {}).map(([w, n]) => [foldLetters(w), n] as const),
  );
  const words = [...ordinals.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
  const grade = `(?<grade>\\d{1,2}${words ? `|${words}` : ''})`;
  const one = (s: string) =>
    compileOne(s.replaceAll('{grade}', grade).replaceAll('{year}', '(?<year>(?:19|20)\\d\\d)'));
  const fams = <F extends string>(table: Partial<Record<F, string[]>>) =>
    (Object.entries(table) as Array<[F, string[]]>).map(
      ([f, list]) => [f, new PatternList(list.map(one))] as [F, PatternList],
    );
  return {
    crisis: fams<CrisisFamily>(src.crisis),
    minor: fams<MinorFamily>({
      school: src.minor.school,
      parental: src.minor.parental,
      self: src.minor.self,
      past: src.minor.past,
      adult: src.minor.adult,
      other: src.minor.other,
    }),
    grade: new PatternList((src.minor.grade ?? []).map(one)),
    ordinals,
    born: new PatternList((src.minor.born ?? []).map(one)),
    profile: new PatternList((src.minor.profile ?? []).map(one)),
    maxGrade: src.minor.maxGrade ?? 11,
    falseFriends: new Map(
      Object.entries(src.falseFriends ?? {}).map(([chat, words]) => [
        chat,
        compileOne(`\\b(${words.map(escape).join('|')})\\b`),
      ]),
    ),
  };
}

const cache = new Map<string, CompiledLexicon>();
function lexicon(language: string): CompiledLexicon | null {
  const src = (lexiconSources as Record<string, LexiconSource | undefined>)[language];
  if (!src) return null;
  let c = cache.get(language);
  if (!c) {
    c = compileLexicon(src);
    cache.set(language, c);
  }
  return c;
}

/** The patterns of a list that may match, in order (the others cannot: decision 101). */
function* candidates(list: PatternList, v: TextView): Generator<RegExp> {
  for (const i of list.candidates(v)) yield list.patterns[i]!;
}

/**
 * Which lexicons read a message: the chat language's, English (the lingua franca of slang such
 * as "kms"), Russian when the text has Cyrillic, Japanese when it has kana or kanji.
 */
export function lexiconLanguages(text: string, language: string): string[] {
  const langs = new Set<string>([language, 'en']);
  if (/\p{Script=Cyrillic}/u.test(text)) langs.add('ru');
  if (/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(text)) langs.add('ja');
  return [...langs];
}

export type CrisisScore = { score: number; families: CrisisFamily[] };

/**
 * The crisis score of one (normalised, masked) text under one language's lexicon, for a message
 * of a chat in `chatLanguage` (whose false friends this lexicon skips).
 */
export function crisisScore(text: string, language: string, chatLanguage = language): CrisisScore {
  const lex = lexicon(language);
  if (!lex) return { score: 0, families: [] };
  const friends = chatLanguage === language ? undefined : lex.falseFriends.get(chatLanguage);
  const v = view(friends ? text.replace(friends, ' | ') : text);
  let score = 0;
  const families: CrisisFamily[] = [];
  for (const [family, list] of lex.crisis) {
    if (list.some(v)) {
      score += CRISIS_WEIGHTS[family];
      families.push(family);
    }
  }
  // Context alone (intent, self, negation…) never makes a crisis: one cue family must be present.
  const cue = families.some((f) =>
    ['ideation', 'death', 'selfharm', 'hopeless', 'farewell', 'method'].includes(f),
  );
  return { score: cue ? score : Math.min(score, 0), families };
}

/**
 * An under-18 age read from school grade, birth year or a short "m 15" profile, or the context
 * score; `referenceYear` is the current year (a parameter so that tests do not depend on time).
 */
export function minorEvidence(
  text: string,
  language: string,
  referenceYear: number,
): { age: number | null; score: number } {
  const lex = lexicon(language);
  if (!lex) return { age: null, score: 0 };
  const v = view(text);
  let score = 0;
  const present = new Set<MinorFamily>();
  for (const [family, list] of lex.minor) {
    if (list.some(v)) {
      score += MINOR_WEIGHTS[family];
      present.add(family);
    }
  }
  const blocked = present.has('past') || present.has('adult') || present.has('other');
  if (blocked) return { age: null, score };
  for (const re of candidates(lex.grade, v)) {
    re.lastIndex = 0;
    const m = re.exec(text);
    const raw = m?.groups?.grade;
    if (!raw) continue;
    const g = /^\d+$/.test(raw) ? Number(raw) : (lex.ordinals.get(raw) ?? null);
    // Grade n is about age n + 5 to n + 6; the last school year still holds 17-year-olds.
    if (g !== null && g >= 1 && g <= lex.maxGrade) return { age: Math.min(17, g + 6), score };
  }
  for (const re of candidates(lex.born, v)) {
    re.lastIndex = 0;
    const y = re.exec(text)?.groups?.year;
    if (!y) continue;
    const age = referenceYear - Number(y);
    if (age >= 6 && age <= 17) return { age, score };
  }
  for (const re of candidates(lex.profile, v)) {
    re.lastIndex = 0;
    const a = re.exec(text)?.groups?.age;
    if (a && Number(a) >= 10 && Number(a) < 18) return { age: Number(a), score };
  }
  return { age: null, score };
}
