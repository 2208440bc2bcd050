import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detect } from './detect.ts';
import { normalize } from './normalize.ts';
import { safetyLanguages, type SafetyLanguage } from './patterns/index.ts';

/**
 * Quality of the classifier over the labelled corpora (`corpus/<lang>.tsv`, `label<TAB>text`,
 * labels crisis | minor | none). Used by the threshold test and by `bench/safety.mjs`.
 */
export type CorpusLabel = 'crisis' | 'minor' | 'none';
export type CorpusLine = { label: CorpusLabel; text: string };
export type ClassScore = {
  support: number;
  truePositives: number;
  falsePositives: number;
  precision: number;
  recall: number;
};
export type LanguageScore = {
  language: SafetyLanguage;
  counts: Record<CorpusLabel, number>;
  crisis: ClassScore;
  minor: ClassScore;
  mistakes: Array<{ label: CorpusLabel; text: string; got: string }>;
};

/** Targets: decision 044 (at least 0.95 precision and recall for each class). */
export const SAFETY_TARGETS = { precision: 0.95, recall: 0.95 } as const;

const here = dirname(fileURLToPath(import.meta.url));
/**
 * `tuning`: the corpora the patterns and lexicons are written against (in-sample figures).
 * `heldout`: lines written before the scored detector and never tuned on (decision 060).
 * `fixtures`: lines that pin rule families but stay out of the model's training (decision 190);
 * only some languages have them (`hasCorpus`).
 */
export type CorpusSet = 'tuning' | 'heldout' | 'fixtures';
const corpusDirs: Record<CorpusSet, string> = {
  tuning: join(here, 'corpus'),
  heldout: join(here, 'heldout'),
  fixtures: join(here, 'rule-fixtures'),
};

export const hasCorpus = (language: SafetyLanguage, set: CorpusSet): boolean =>
  existsSync(join(corpusDirs[set], `${language}.tsv`));

export function readCorpus(language: SafetyLanguage, set: CorpusSet = 'tuning'): CorpusLine[] {
  const raw = readFileSync(join(corpusDirs[set], `${language}.tsv`), 'utf8');
  return raw
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((line, i) => {
      const [label, ...rest] = line.split('\t');
      if (label !== 'crisis' && label !== 'minor' && label !== 'none') {
        throw new Error(`${language}.tsv line ${i + 1}: unknown label ${label}`);
      }
      return { label, text: rest.join('\t') };
    });
}

function score(
  lines: CorpusLine[],
  got: Array<{ crisis: boolean; minor: boolean }>,
  cls: 'crisis' | 'minor',
): ClassScore {
  let tp = 0;
  let fp = 0;
  let support = 0;
  lines.forEach((l, i) => {
    const positive = got[i]![cls];
    if (l.label === cls) support++;
    if (positive && l.label === cls) tp++;
    if (positive && l.label !== cls) fp++;
  });
  return {
    support,
    truePositives: tp,
    falsePositives: fp,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: support === 0 ? 1 : tp / support,
  };
}

export function evaluate(language: SafetyLanguage, set: CorpusSet = 'tuning'): LanguageScore {
  const lines = readCorpus(language, set);
  const got = lines.map((l) => detect(l.text, language));
  const counts = { crisis: 0, minor: 0, none: 0 };
  for (const l of lines) counts[l.label]++;
  const mistakes = lines.flatMap((l, i) => {
    const g = got[i]!;
    // A crisis line that also names an age may carry both; a wrong or missing own class is a mistake.
    const wrong =
      (l.label === 'crisis' && (!g.crisis || g.minor)) ||
      (l.label === 'minor' && (!g.minor || g.crisis)) ||
      (l.label === 'none' && (g.crisis || g.minor));
    if (!wrong) return [];
    return [
      {
        label: l.label,
        text: l.text,
        got: [g.crisis && 'crisis', g.minor && 'minor'].filter(Boolean).join('+') || 'none',
      },
    ];
  });
  return {
    language,
    counts,
    crisis: score(lines, got, 'crisis'),
    minor: score(lines, got, 'minor'),
    mistakes,
  };
}

export const evaluateAll = (set: CorpusSet = 'tuning'): LanguageScore[] =>
  safetyLanguages.map((l) => evaluate(l, set));

/**
 * Everyday chat (decision 201): ordinary messages to a companion, none of them a crisis or an
 * under-18 statement. `everyday/<lang>.txt` is written for this check and never trained on; in
 * English and Russian the user turns of the engine's own quality sets (`../quality/`, never
 * trained on either) count too, less any line the tuning corpus also holds. A false crisis reply breaks the role-play; a false under-18
 * verdict locks the account for review.
 */
export function everydayLines(language: SafetyLanguage): string[] {
  const file = join(here, 'everyday', `${language}.txt`);
  const own = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
    : [];
  // A line the tuning corpus also holds ("hi", "good morning") is not a check of what was never seen.
  const tuning = new Set(readCorpus(language).map((l) => normalize(l.text)));
  return [...new Set([...own, ...qualityTurns(language)])].filter((t) => !tuning.has(normalize(t)));
}

function qualityTurns(language: SafetyLanguage): string[] {
  if (language !== 'en' && language !== 'ru') return [];
  const dir = join(here, '../quality');
  const read = (name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));
  const turns: string[] = [];
  for (const suffix of ['', '.heldout']) {
    for (const t of read(`relevance-${language}${suffix}.json`) as Array<{ turn: string }>)
      turns.push(t.turn);
  }
  for (const suffix of ['', '.heldout', '.heldout2']) {
    for (const p of read(`memory-probes-${language}${suffix}.json`) as Array<{ tell: string[]; ask: string }>)
      turns.push(...p.tell, p.ask);
  }
  turns.push(...(read('variety-script.json') as Record<string, string[]>)[language]!);
  return turns;
}

/** Decision 201: at most one everyday line in a hundred flagged as either class. */
export const EVERYDAY_TARGET = 0.01;

export type EverydayScore = {
  language: SafetyLanguage;
  lines: number;
  crisis: number;
  minor: number;
  /** Lines flagged as either. */
  flagged: string[];
};

export function evaluateEveryday(language: SafetyLanguage): EverydayScore {
  const lines = everydayLines(language);
  let crisis = 0;
  let minor = 0;
  const flagged: string[] = [];
  for (const text of lines) {
    const v = detect(text, language);
    if (v.crisis) crisis++;
    if (v.minor) minor++;
    if (v.crisis || v.minor) flagged.push(text);
  }
  return { language, lines: lines.length, crisis, minor, flagged };
}
