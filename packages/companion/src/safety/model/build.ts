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
  const max = Math.max(...keys.map((k) => Math.abs(w.get(k)!)), 1e-9);
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
  rules: Array<{ crisis: boolean; minor: boolean }>;
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
  for (let t = 0.3; t < 0.995; t += 0.01) {
    let tp = 0;
    let fp = 0;
    oof.lines.forEach((l, i) => {
      const hit = oof.p[cls][i]! >= t;
      if (hit && l.label === cls) tp++;
      if (hit && l.label !== cls) fp++;
    });
    if (tp / Math.max(1, tp + fp) >= TARGET_PRECISION) return Math.round(t * 100) / 100;
  }
  return 0.99;
}

export function buildModel(lines = tuningLines(), oof?: OutOfFold): TrainedModel {
  const o = oof ?? outOfFold(lines);
  const cache = new Map<string, number[]>();
  return {
    corpus: corpusDigest(),
    thresholds: { crisis: chooseThreshold(o, 'crisis'), minor: chooseThreshold(o, 'minor') },
    crisis: pack(train(examples(lines, 'crisis'), cache)),
    minor: pack(train(examples(lines, 'minor'), cache)),
  };
}
