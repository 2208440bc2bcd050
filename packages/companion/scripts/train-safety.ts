// Trains the statistical layer of the safety classifier from corpus/ (decision 100) and writes
// src/safety/model/weights.json. `--report` prints the out-of-fold figures per language.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildModel, outOfFold, tuningLines } from '../src/safety/model/build.ts';

const started = Date.now();
const lines = tuningLines();
const oof = outOfFold(lines);
const model = buildModel(lines, oof);
const out = join(dirname(fileURLToPath(import.meta.url)), '../src/safety/model/weights.json');
writeFileSync(out, `${JSON.stringify(model)}\n`);
console.log(
  `trained on ${lines.length} tuning lines in ${Date.now() - started} ms: thresholds crisis ${model.thresholds.crisis}, minor ${model.thresholds.minor}; ${model.crisis.count} + ${model.minor.count} weights → ${out}`,
);
if (process.argv.includes('--report')) {
  const langs = [...new Set(lines.map((l) => l.language))];
  console.log("out-of-fold on tuning (rules | rules OR model at the language's cut, decision 176):");
  for (const lang of langs) {
    const row: string[] = [lang.padEnd(4)];
    for (const cls of ['crisis', 'minor'] as const) {
      for (const withModel of [false, true]) {
        let tp = 0,
          fp = 0,
          sup = 0;
        oof.lines.forEach((l, i) => {
          if (l.language !== lang) return;
          const cut = (model.languageThresholds[lang] ?? model.thresholds)[cls];
          const vetoed = cls === 'crisis' && oof.rules[i]!.negated;
          const hit = oof.rules[i]![cls] || (withModel && !vetoed && oof.p[cls][i]! >= cut);
          if (l.label === cls) sup++;
          if (hit && l.label === cls) tp++;
          if (hit && l.label !== cls) fp++;
        });
        row.push(
          `${cls[0]}${withModel ? '+m' : ''} P ${(tp / Math.max(1, tp + fp)).toFixed(3)} R ${(tp / sup).toFixed(3)}`,
        );
      }
    }
    console.log(row.join('  '));
  }
}
