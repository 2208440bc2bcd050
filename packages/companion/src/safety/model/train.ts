import { seededRandom } from '@amora/shared/random.ts';
import { featurize, HASH_BITS } from './features.ts';

/**
 * Deterministic training of the statistical layer (decision 100): binary logistic regression
 * per class over the hashed features, AdaGrad SGD in an order fixed by a seeded shuffle, a fixed
 * number of epochs and L2. The same lines give the same weights on every machine (IEEE doubles,
 * no parallelism, no clock); `scripts/train-safety.ts` writes them to `weights.json` and a test
 * retrains and compares.
 */
export type Example = { text: string; positive: boolean };

export const TRAINING = { epochs: 20, rate: 0.05, l2: 1e-6, seed: 20260, year: 2026 } as const;

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function train(examples: Example[], featureCache?: Map<string, number[]>): Map<number, number> {
  const feats = examples.map((e) => {
    let f = featureCache?.get(e.text);
    if (!f) {
      f = featurize(e.text, TRAINING.year);
      featureCache?.set(e.text, f);
    }
    return f;
  });
  const w = new Float64Array(1 << HASH_BITS);
  const g2 = new Float64Array(1 << HASH_BITS);
  const order = examples.map((_, i) => i);
  const rnd = seededRandom(TRAINING.seed);
  for (let epoch = 0; epoch < TRAINING.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const f = feats[idx]!;
      let z = 0;
      for (const k of f) z += w[k]!;
      const err = sigmoid(z) - (examples[idx]!.positive ? 1 : 0);
      for (const k of f) {
        const g = err + TRAINING.l2 * w[k]!;
        g2[k] = g2[k]! + g * g;
        w[k] = w[k]! - (TRAINING.rate * g) / Math.sqrt(g2[k] + 1e-8);
      }
    }
  }
  const out = new Map<number, number>();
  w.forEach((v, k) => {
    if (v !== 0) out.set(k, v);
  });
  return out;
}

export function score(weights: Map<number, number>, features: number[]): number {
  let z = 0;
  for (const k of features) z += weights.get(k) ?? 0;
  return sigmoid(z);
}
