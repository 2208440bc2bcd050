import { featurize } from './features.ts';
import { sigmoid } from './train.ts';
import trained from './weights.json' with { type: 'json' };

/**
 * The statistical layer of the safety classifier (decision 100), as trained by
 * `npm run train:safety -w packages/companion` from `corpus/` only: sparse logistic weights per
 * class and the thresholds chosen on out-of-fold predictions.
 */
export type PackedWeights = { count: number; scale: number; keys: string; weights: string };
export type TrainedModel = {
  /** Digest of the corpus/ files the weights were trained on (checked by a test). */
  corpus: string;
  /** The pooled cut, for a language without its own (decision 176). */
  thresholds: { crisis: number; minor: number };
  /** The cut of each chat language, chosen on its own out-of-fold figures (decision 176). */
  languageThresholds: Record<string, { crisis: number; minor: number }>;
  crisis: PackedWeights;
  minor: PackedWeights;
};

const model: TrainedModel = trained;
export const MODEL_THRESHOLDS = model.thresholds;

/** The model's cuts for a chat language: its own, or the pooled ones. */
export function modelThresholds(language: string): { crisis: number; minor: number } {
  return model.languageThresholds[language] ?? model.thresholds;
}

const fromBase64 = (s: string): Uint8Array => {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

export function unpack(p: PackedWeights): Map<number, number> {
  const keys = fromBase64(p.keys);
  const weights = fromBase64(p.weights);
  const m = new Map<number, number>();
  let pos = 0;
  let prev = 0;
  for (let i = 0; i < p.count; i++) {
    let d = 0;
    let shift = 0;
    let b: number;
    do {
      b = keys[pos++]!;
      d |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80);
    prev += d;
    const q = weights[i]!;
    m.set(prev, (q > 127 ? q - 256 : q) * p.scale);
  }
  return m;
}
let weights: { crisis: Map<number, number>; minor: Map<number, number> } | null = null;

export function modelScores(message: string, year: number): { crisis: number; minor: number } {
  weights ??= { crisis: unpack(model.crisis), minor: unpack(model.minor) };
  const f = featurize(message, year);
  let zc = 0;
  let zm = 0;
  for (const k of f) {
    zc += weights.crisis.get(k) ?? 0;
    zm += weights.minor.get(k) ?? 0;
  }
  return { crisis: sigmoid(zc), minor: sigmoid(zm) };
}
