// Voice notes: how long the built-in voice (espeak-ng as WebAssembly + lamejs MP3, on the server's
// voice thread) takes for a 100-character line in English and Russian. Uses the built worker
// (npm run build), the same file the server runs.
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { percentile, root } from './lib.mjs';

const file = join(root, 'apps/server/dist/espeak-worker.js');
if (!existsSync(file)) {
  console.error('voice: build first (npm run build): no apps/server/dist/espeak-worker.js');
  process.exit(1);
}

const lines = {
  en: 'Hi, it is me again. I kept thinking about you all day long, so tell me, how was your day, really?',
  ru: 'Привет, это снова я. Весь день думала только о тебе, так что расскажи, как прошёл твой день, правда?',
};
const voice = { variant: 'f5', pitch: 70, speed: 150 };
const runs = Number(process.env.VOICE_RUNS ?? 20);

const started = performance.now();
const worker = new Worker(file);
let nextId = 1;
const waiting = new Map();
worker.on('message', (r) => waiting.get(r.id)?.(r));
const render = (text, language) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    waiting.set(id, (r) => (r.ok ? resolve(r) : reject(new Error(r.error))));
    worker.postMessage({ id, text, params: { voice: language === 'ru' ? 'ru' : 'en-us', ...voice } });
  });

await render('Hello.', 'en');
console.log(
  `voice thread ready (espeak-ng loaded, first note) in ${Math.round(performance.now() - started)} ms`,
);
for (const [language, text] of Object.entries(lines)) {
  const times = [];
  let audioMs = 0;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = await render(text, language);
    times.push(performance.now() - t);
    audioMs = r.durationMs;
    bytes = r.data.length;
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  console.log(
    `${language}: ${text.length} chars → ${(audioMs / 1000).toFixed(1)} s of speech, MP3 ${(bytes / 1024).toFixed(1)} KB; ` +
      `synthesis + encoding p50 ${Math.round(p50)} ms, p95 ${Math.round(percentile(times, 95))} ms ` +
      `(${(audioMs / p50).toFixed(1)}× real time, ${runs} runs)`,
  );
}
console.log(`(load average ${loadavg()[0].toFixed(1)}: figures scale with a busy machine)`);
await worker.terminate();
