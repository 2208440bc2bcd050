import { readCorpus } from '../evaluate.ts';
import { ruleVerdict } from '../detect.ts';
import { safetyLanguages, type SafetyLanguage } from '../patterns/index.ts';
import { score, train, TRAINING, type Example } from './train.ts';
import { featurize } from './features.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PackedWeights, TrainedModel } from './index.ts';

/**
 * Builds `weights.json` from the tuning corpora (decision 100). Thresholds: 5-fold out-of-fold
 * model scores (each line scored by a model that never saw it); the threshold of a class is the
 * lowest on the grid at which the pooled out-of-fold precision of the model alone stays
 * ≥ TARGET_PRECISION. (The rule layers were written against these same lines, so their in-sample
 * figures say nothing about the errors the model adds; the model's own out-of-fold errors do.) Weights below PRUNE are
 * dropped and the rest quantised to one byte (`pack`), so the file stays small.
 */
export const TARGET_PRECISION = 0.975;
/** The precision a language's cut keeps: the model's own, out of fold (decisions 176, 177). */
export const LANGUAGE_PRECISION = 0.95;
const FOLDS = 5;
const PRUNE = 0.05;

type Line = { language: SafetyLanguage; label: 'crisis' | 'minor' | 'none'; text: string };

/** A digest of the tuning corpora, stored with the weights: a test fails when they drift apart. */
export function corpusDigest(): string {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../corpus');
  const h = createHash('sha256');
  for (const l of safetyLanguages) h.update(readFileSync(join(dir, `${l}.tsv`)));
  return h.digest('hex').slice(0, 16);
}

export function tuningLines(): Line[] {
  return safetyLanguages.flatMap((language) =>
    readCorpus(language, 'tuning').map((l) => ({ language, ...l })),
  );
}

const examples = (lines: Line[], cls: 'crisis' | 'minor'): Example[] =>
  lines.map((l) => ({ text: l.text, positive: l.label === cls }));

/**
 * Sparse weights as base64: the bucket ids delta-encoded as varints, then one signed byte per
 * weight (quantised to `scale`). About 2 bytes a weight instead of ~13 in JSON.
 */
export function pack(w: Map<number, number>): PackedWeights {
  const keys = [...w.keys()].filter((k) => Math.abs(w.get(k)!) >= PRUNE).sort((a, b) => a - b);
  // A loop, not Math.max(...spread): a large model has more weights than the call stack takes.
  const max = keys.reduce((m, k) => Math.max(m, Math.abs(w.get(k)!)), 1e-9);
  const scale = Math.round((max / 127) * 1e6) / 1e6;
  const bytes: number[] = [];
  let prev = 0;
  for (const k of keys) {
    let d = k - prev;
    prev = k;
    while (d >= 0x80) {
      bytes.push((d & 0x7f) | 0x80);
      d >>>= 7;
    }
    bytes.push(d);
  }
  const weights = keys.map((k) => Math.max(-127, Math.min(127, Math.round(w.get(k)! / scale))) & 0xff);
  return {
    count: keys.length,
    scale,
    keys: Buffer.from(bytes).toString('base64'),
    weights: Buffer.from(weights).toString('base64'),
  };
}

export type OutOfFold = {
  lines: Line[];
  rules: Array<{ crisis: boolean; minor: boolean; negated: boolean }>;
  p: Record<'crisis' | 'minor', number[]>;
};

export function outOfFold(lines: Line[]): OutOfFold {
  const cache = new Map<string, number[]>();
  const p = {
    crisis: new Array<number>(lines.length).fill(0),
    minor: new Array<number>(lines.length).fill(0),
  };
  for (const cls of ['crisis', 'minor'] as const) {
    for (let fold = 0; fold < FOLDS; fold++) {
      const trainIdx = lines.map((_, i) => i).filter((i) => i % FOLDS !== fold);
      const w = train(
        examples(
          trainIdx.map((i) => lines[i]!),
          cls,
        ),
        cache,
      );
      lines.forEach((l, i) => {
        if (i % FOLDS === fold) p[cls][i] = score(w, cache.get(l.text) ?? featurize(l.text, TRAINING.year));
      });
    }
  }
  const rules = lines.map((l) => ruleVerdict(l.text, l.language, { referenceYear: TRAINING.year }));
  return { lines, rules, p };
}

export function chooseThreshold(oof: OutOfFold, cls: 'crisis' | 'minor'): number {
  // Every out-of-fold score is a candidate cut (decision 172; a 0.01 grid wasted most of the
  // range near 1): walk down from the highest score and keep the lowest cut, never below 0.5, at
  // which the pooled precision of everything at or above it is still ≥ TARGET_PRECISION.
  const ranked = oof.lines
    .map((l, i) => ({ p: oof.p[cls][i]!, positive: l.label === cls }))
    .sort((a, b) => b.p - a.p);
  let tp = 0;
  let fp = 0;
  let best = 0.999;
  for (let i = 0; i < ranked.length && ranked[i]!.p >= 0.5; i++) {
    if (ranked[i]!.positive) tp++;
    else fp++;
    if (ranked[i + 1]?.p === ranked[i]!.p) continue;
    if (tp / (tp + fp) >= TARGET_PRECISION) best = ranked[i]!.p;
  }
  return Math.floor(best * 1e6) / 1e6;
}

/**
 * The cut of one chat language (decisions 176, 177): the lowest out-of-fold score at which the
 * model's own out-of-fold precision in that language stays ≥ LANGUAGE_PRECISION (a line a denial
 * vetoes does not count). The rules are left out on purpose: they were written against these same
 * lines and catch nearly every positive in sample, so "rules OR model" let the model add almost
 * only false positives before its precision showed any. One pooled cut let the hard languages set
 * the bar for all: it sat so high that the model added almost nothing where it was excellent.
 */
export function chooseLanguageThreshold(
  oof: OutOfFold,
  cls: 'crisis' | 'minor',
  language: SafetyLanguage,
  fallback: number,
): number {
  const rows = oof.lines.flatMap((l, i) =>
    l.language === language
      ? [
          {
            positive: l.label === cls,
            vetoed: cls === 'crisis' && oof.rules[i]!.negated,
            p: oof.p[cls][i]!,
          },
        ]
      : [],
  );
  const precisionAt = (cut: number) => {
    let tp = 0;
    let fp = 0;
    for (const r of rows) {
      if (r.vetoed || r.p < cut) continue;
      if (r.positive) tp++;
      else fp++;
    }
    return tp + fp === 0 ? 1 : tp / (tp + fp);
  };
  let best = fallback;
  const cuts = [...new Set(rows.map((r) => r.p).filter((p) => p >= 0.5))].sort((a, b) => b - a);
  for (const cut of cuts) if (precisionAt(cut) >= LANGUAGE_PRECISION) best = cut;
  return Math.floor(best * 1e6) / 1e6;
}

export function buildModel(lines = tuningLines(), oof?: OutOfFold): TrainedModel {
  const o = oof ?? outOfFold(lines);
  const cache = new Map<string, number[]>();
  const thresholds = { crisis: chooseThreshold(o, 'crisis'), minor: chooseThreshold(o, 'minor') };
  const languageThresholds = Object.fromEntries(
    [...new Set(o.lines.map((l) => l.language))].map((language) => [
      language,
      {
        crisis: chooseLanguageThreshold(o, 'crisis', language, thresholds.crisis),
        minor: chooseLanguageThreshold(o, 'minor', language, thresholds.minor),
      },
    ]),
  );
  return {
    corpus: corpusDigest(),
    thresholds,
    languageThresholds,
    crisis: pack(train(examples(lines, 'crisis'), cache)),
    minor: pack(train(examples(lines, 'minor'), cache)),
  };
}
