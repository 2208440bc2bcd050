// Sizes of the built web app: every JS and CSS file, raw and gzip, and the initial JS of home
// against its budget (issue 5: 170 KB gzip). Exits 1 when home's first load is over budget.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = process.env.BENCH_WEB_DIST ?? join(root, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
const assets = join(dist, 'assets');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const BUDGET_KB = 170;
const files = readdirSync(assets)
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => {
    const buf = readFileSync(join(assets, f));
    return { f, raw: statSync(join(assets, f)).size, gz: gzipSync(buf, { level: 9 }).length };
  })
  .sort((a, b) => b.gz - a.gz);
for (const x of files)
  console.log(`  ${x.f.padEnd(48)} ${kb(x.raw).padStart(10)}  gzip ${kb(x.gz).padStart(9)}`);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/?assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const initialGz = files.filter((x) => initial.includes(x.f)).reduce((s, x) => s + x.gz, 0);
console.log(`initial JS for home (entry + modulepreload): ${initial.length} files, gzip ${kb(initialGz)}`);
console.log(`all JS+CSS: gzip ${kb(files.reduce((s, x) => s + x.gz, 0))}`);
const over = initialGz > BUDGET_KB * 1024;
console.log(
  `budget for home's initial JS: ${BUDGET_KB} KB gzip — ${over ? 'OVER' : 'within'} (${kb(initialGz)}, ${
    over ? '+' : '-'
  }${kb(Math.abs(BUDGET_KB * 1024 - initialGz))})`,
);
const zodInInitial = files
  .filter((x) => initial.includes(x.f))
  .some((x) => /\$ZodType|ZodError/.test(readFileSync(join(assets, x.f), 'utf8')));
console.log(`zod on the first load: ${zodInInitial ? 'yes' : 'no'}`);
// React Router's development build (its dev warnings) has no place in a production bundle (decision 197).
const routerDevBuild = files
  .filter((x) => initial.includes(x.f))
  .some((x) => readFileSync(join(assets, x.f), 'utf8').includes('You rendered descendant <Routes>'));
console.log(`React Router's development build on the first load: ${routerDevBuild ? 'yes' : 'no'}`);

// The chat screen's first load: the initial files plus the chat route's chunk and everything it
// imports statically (dynamic `import()` chunks load later, on demand). zod stays off it (decision 186).
const staticImports = (f) =>
  [...readFileSync(join(assets, f), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
const chatRoute = files.find((x) => x.f.startsWith('chats-page-') && x.f.endsWith('.js'));
if (chatRoute) {
  const seen = new Set([...initial, chatRoute.f]);
  const queue = [...seen];
  while (queue.length) {
    for (const g of staticImports(queue.pop())) {
      if (seen.has(g)) continue;
      seen.add(g);
      queue.push(g);
    }
  }
  const chatGz = files.filter((x) => seen.has(x.f)).reduce((s, x) => s + x.gz, 0);
  const zodOnChat = [...seen].some((f) => /\$ZodType|ZodError/.test(readFileSync(join(assets, f), 'utf8')));
  console.log(
    `chat screen's first-load JS: ${seen.size} files, gzip ${kb(chatGz)}; zod on it: ${zodOnChat ? 'yes' : 'no'}`,
  );
}
if (over) process.exitCode = 1;
