import { describe, expect, it } from 'vitest';
import { memoryProbes, memoryRecall, targets } from './quality.ts';

describe('memory probes', () => {
  it.each(['en', 'ru'] as const)('has at least 100 told facts with recall questions (%s)', (lang) => {
    expect(memoryProbes[lang].length).toBeGreaterThanOrEqual(100);
  });

  it.each(['en', 'ru'] as const)('recalls at least 90 %% of the facts told (%s)', async (lang) => {
    const r = await memoryRecall(lang);
    expect(r.rate, JSON.stringify(r.failures.slice(0, 5))).toBeGreaterThanOrEqual(targets.recall);
  });
});
