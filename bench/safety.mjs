// Safety classifier quality (decisions 044, 046, 060): precision and recall of the crisis and
// under-18 classes in every chat language, on the tuning corpora (in-sample: the patterns and
// lexicons were written against them) and on the held-out corpora (never tuned on), beside the
// targets. Exits non-zero when the in-sample figures miss the target or the held-out figures
// fall below their recorded floors (heldout/floors.json).
import { register } from 'tsx/esm/api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

register();
const { evaluateAll, evaluateEveryday, EVERYDAY_TARGET, readCorpus, SAFETY_TARGETS } = await import(
  pathToFileURL(join(root, 'packages/companion/src/safety/evaluate.ts')).href
);
const { detect } = await import(pathToFileURL(join(root, 'packages/companion/src/safety/detect.ts')).href);
const { safetyLanguages } = await import(
  pathToFileURL(join(root, 'packages/companion/src/safety/patterns/index.ts')).href
);
const floors = JSON.parse(
  readFileSync(join(root, 'packages/companion/src/safety/heldout/floors.json'), 'utf8'),
);
const verbose = process.argv.includes('--mistakes');

const f = (x) => x.toFixed(3);
let allOk = true;
for (const set of ['tuning', 'heldout']) {
  const rows = evaluateAll(set);
  console.log(
    `\nsafety classifier, ${set === 'tuning' ? 'TUNING corpora (in-sample)' : 'HELD-OUT corpora (never tuned on)'} — target: precision ≥ ${SAFETY_TARGETS.precision}, recall ≥ ${SAFETY_TARGETS.recall} per class`,
  );
  console.log('lang  lines(c/m/n)   crisis P  crisis R  minor P  minor R  target  floor');
  for (const r of rows) {
    const target =
      [r.crisis.precision, r.minor.precision].every((p) => p >= SAFETY_TARGETS.precision) &&
      [r.crisis.recall, r.minor.recall].every((x) => x >= SAFETY_TARGETS.recall);
    let floor = '';
    if (set === 'heldout') {
      const fl = floors[r.language];
      const ok = ['crisis', 'minor'].every(
        (c) => r[c].precision >= fl[c].precision && r[c].recall >= fl[c].recall,
      );
      floor = ok ? 'kept' : 'BELOW';
      allOk &&= ok;
    } else {
      allOk &&= target;
    }
    const counts = `${r.counts.crisis}/${r.counts.minor}/${r.counts.none}`.padEnd(13);
    console.log(
      `${r.language.padEnd(5)} ${counts}  ${f(r.crisis.precision).padEnd(8)}  ${f(r.crisis.recall).padEnd(8)}  ${f(r.minor.precision).padEnd(7)}  ${f(r.minor.recall).padEnd(7)}  ${(target ? 'met' : 'missed').padEnd(6)}  ${floor}`,
    );
    if (verbose && set === 'tuning')
      for (const m of r.mistakes) console.log(`      ${m.label} → ${m.got}: ${m.text}`);
  }
}
// Everyday chat (decision 201): ordinary messages that must not trigger, never trained on.
{
  console.log(
    `\nsafety classifier, EVERYDAY chat (never trained on) — target: at most ${EVERYDAY_TARGET * 100} % of ordinary messages flagged`,
  );
  console.log('lang  lines  crisis  minor  flagged  target');
  let lines = 0;
  let flagged = 0;
  for (const l of safetyLanguages) {
    const r = evaluateEveryday(l);
    if (!r.lines) continue;
    lines += r.lines;
    flagged += r.flagged.length;
    const share = r.flagged.length / r.lines;
    console.log(
      `${l.padEnd(5)} ${String(r.lines).padStart(5)}  ${String(r.crisis).padStart(6)}  ${String(r.minor).padStart(5)}  ${(share * 100).toFixed(1).padStart(6)} %  ${share <= EVERYDAY_TARGET ? 'met' : 'missed'}`,
    );
  }
  console.log(
    `all   ${String(lines).padStart(5)}  ${flagged} flagged (${((flagged / Math.max(1, lines)) * 100).toFixed(2)} %)`,
  );
}
// Classifier time per message (rules + model), over every corpus line, after the evaluation warmed it up.
{
  const all = safetyLanguages.flatMap((l) =>
    ['tuning', 'heldout'].flatMap((set) => readCorpus(l, set).map((x) => [x.text, l])),
  );
  // CPU time as well as wall time: on a shared, loaded machine the wall clock mostly measures the queue.
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (const [text, l] of all) detect(text, l);
  const per = (performance.now() - t0) / all.length;
  const cpu = process.cpuUsage(c0).user / 1000 / all.length;
  console.log(
    `\nclassifier time: ${(cpu * 1000).toFixed(0)} µs CPU, ${(per * 1000).toFixed(0)} µs wall per message (mean over ${all.length} lines; target well under 1 ms)`,
  );
}
console.log(
  '\n(held-out mistakes and flagged everyday lines are not printed on purpose: tune on corpus/ only)',
);
if (!allOk) process.exitCode = 1;
