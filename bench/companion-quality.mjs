// Quality of the built-in companion engine (@amora/companion), from the package's data files:
// recall on the memory probes, relevance on the labelled turns (on topic / wrong), and variety over a
// 200-turn scripted conversation per language. Prints each figure beside its target.
import { register } from 'tsx/esm/api';

register();
const q = await import('@amora/companion/quality/quality.ts');
const { targets } = q;
const pct = (x) => `${(x * 100).toFixed(1)} %`;
const row = (name, value, target, ok) =>
  console.log(`${ok ? 'ok  ' : 'MISS'} ${name.padEnd(44)} ${String(value).padStart(9)}   target ${target}`);

console.log('companion quality (built-in engine, seeded)');
for (const lang of ['en', 'ru']) {
  const m = await q.memoryRecall(lang);
  row(
    `[${lang}] memory recall (${m.recalled}/${m.total})`,
    pct(m.rate),
    `≥ ${pct(targets.recall)}`,
    m.rate >= targets.recall,
  );
  const mh = await q.memoryRecall(lang, 7, 'heldout');
  row(
    `[${lang}] memory recall HELD-OUT (${mh.recalled}/${mh.total})`,
    pct(mh.rate),
    `≥ ${pct(targets.recall)}`,
    mh.rate >= targets.recall,
  );
  const mh2 = await q.memoryRecall(lang, 7, 'heldout2');
  row(
    `[${lang}] memory recall HELD-OUT 2 (${mh2.recalled}/${mh2.total})`,
    pct(mh2.rate),
    `≥ ${pct(targets.recall)}`,
    mh2.rate >= targets.recall,
  );
  const r = await q.relevance(lang);
  row(
    `[${lang}] relevance on topic (${r.onTopic}/${r.total})`,
    pct(r.onTopicRate),
    `≥ ${pct(targets.onTopic)}`,
    r.onTopicRate >= targets.onTopic,
  );
  row(
    `[${lang}] relevance wrong (${r.wrong}/${r.total})`,
    pct(r.wrongRate),
    `≤ ${pct(targets.wrong)}`,
    r.wrongRate <= targets.wrong,
  );
  const rh = await q.relevance(lang, 11, 'heldout');
  row(
    `[${lang}] relevance on topic HELD-OUT (${rh.onTopic}/${rh.total})`,
    pct(rh.onTopicRate),
    `≥ ${pct(targets.onTopic)}`,
    rh.onTopicRate >= targets.onTopic,
  );
  row(
    `[${lang}] relevance wrong HELD-OUT (${rh.wrong}/${rh.total})`,
    pct(rh.wrongRate),
    `≤ ${pct(targets.wrong)}`,
    rh.wrongRate <= targets.wrong,
  );
  if (process.env.LABELS) {
    // Per-label aggregate of held-out misses (decision 160): counts only, never the lines.
    const byLabel = new Map();
    const byWrong = new Map();
    for (const m of rh.misses) {
      const wrong = !q.genericIntents.has(m.intent);
      const e = byLabel.get(m.label) ?? { missed: 0, wrong: 0 };
      e.missed++;
      if (wrong) {
        e.wrong++;
        byWrong.set(m.intent, (byWrong.get(m.intent) ?? 0) + 1);
      }
      byLabel.set(m.label, e);
    }
    const fmt = (entries) => entries.map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(
      `   held-out misses by expected label (missed/wrong): ${[...byLabel]
        .sort((a, b) => b[1].missed - a[1].missed)
        .map(([k, v]) => `${k} ${v.missed}/${v.wrong}`)
        .join(', ')}`,
    );
    console.log(`   held-out wrong by produced intent: ${fmt([...byWrong].sort((a, b) => b[1] - a[1]))}`);
  }
  if (process.env.VERBOSE) {
    for (const f of mh.failures) console.log('   heldout miss:', JSON.stringify(f));
    for (const f of mh2.failures) console.log('   heldout2 miss:', JSON.stringify(f));
    for (const m of rh.misses) console.log('   relevance miss:', JSON.stringify(m));
  }
  const v = await q.variety(lang);
  row(
    `[${lang}] max sentence share (${v.turns} turns)`,
    pct(v.maxSentenceShare),
    `≤ ${pct(targets.maxSentenceShare)}`,
    v.maxSentenceShare <= targets.maxSentenceShare,
  );
  row(
    `[${lang}] word-for-word repeats within 30 turns`,
    v.repeatsWithin30,
    `= ${targets.repeatsWithin30}`,
    v.repeatsWithin30 <= targets.repeatsWithin30,
  );
  row(
    `[${lang}] different from other characters (min)`,
    pct(v.crossCharacterDifferent),
    `≥ ${pct(targets.crossCharacterDifferent)}`,
    v.crossCharacterDifferent >= targets.crossCharacterDifferent,
  );
}
