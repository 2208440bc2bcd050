import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { detect } from './detect.ts';
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
