// Safety classifier quality (decision 044): precision and recall of the crisis and under-18
// classes over the labelled corpora of every chat language, beside the targets.
import { register } from 'tsx/esm/api';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

register();
const { evaluateAll, SAFETY_TARGETS } = await import(
  pathToFileURL(join(root, 'packages/companion/src/safety/evaluate.ts')).href
);

const f = (x) => x.toFixed(3);
const rows = evaluateAll();
console.log(
  `safety classifier — target: precision ≥ ${SAFETY_TARGETS.precision}, recall ≥ ${SAFETY_TARGETS.recall} per class`,
);
console.log('lang  lines(c/m/n)   crisis P  crisis R  minor P  minor R  ok');
let allOk = true;
for (const r of rows) {
  const ok =
    [r.crisis.precision, r.minor.precision].every((p) => p >= SAFETY_TARGETS.precision) &&
    [r.crisis.recall, r.minor.recall].every((x) => x >= SAFETY_TARGETS.recall);
  allOk &&= ok;
  const counts = `${r.counts.crisis}/${r.counts.minor}/${r.counts.none}`.padEnd(13);
  console.log(
    `${r.language.padEnd(5)} ${counts}  ${f(r.crisis.precision).padEnd(8)}  ${f(r.crisis.recall).padEnd(8)}  ${f(r.minor.precision).padEnd(7)}  ${f(r.minor.recall).padEnd(7)}  ${ok ? 'yes' : 'NO'}`,
  );
  for (const m of r.mistakes) console.log(`      ${m.label} → ${m.got}: ${m.text}`);
}
if (!allOk) process.exitCode = 1;
