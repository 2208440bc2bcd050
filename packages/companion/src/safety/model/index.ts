import { featurize, HASH_BITS } from './features.ts';
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

/**
 * One class's weights as the model reads them: the quantised byte of every hash bucket (0 where
 * the bucket has no weight) and the scale. A typed array instead of a Map of ~200 000 numbers
 * (decision 195): one object of 1 MB instead of 11 MB of heap the collector walks on every major
 * collection, and one memory read per feature. The sum is the same: each feature adds
 * `byte × scale`, the product the Map held.
 */
export type DenseWeights = { bytes: Int8Array; scale: number };

export function unpack(p: PackedWeights): DenseWeights {
  const keys = fromBase64(p.keys);
  const weights = fromBase64(p.weights);
  const bytes = new Int8Array(1 << HASH_BITS);
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
    bytes[prev] = weights[i]!;
  }
  return { bytes, scale: p.scale };
}
let weights: { crisis: DenseWeights; minor: DenseWeights } | null = null;

export function modelScores(message: string, year: number): { crisis: number; minor: number } {
  weights ??= { crisis: unpack(model.crisis), minor: unpack(model.minor) };
  const f = featurize(message, year);
  const { bytes: cb, scale: cs } = weights.crisis;
  const { bytes: mb, scale: ms } = weights.minor;
  let zc = 0;
  let zm = 0;
  for (let i = 0; i < f.length; i++) {
    const k = f[i]!;
    zc += cb[k]! * cs;
    zm += mb[k]! * ms;
  }
  return { crisis: sigmoid(zc), minor: sigmoid(zm) };
}
