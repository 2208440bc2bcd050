// Statements per message round trip in steady state (issue 13 item 1): a user sends a message
// and her reply is stored, counted by the database layer's statement counter (BEGIN and COMMIT
// count as statements too). PGlite by default; PostgreSQL with BENCH_DATABASE_URL.
//   node bench/statements.mjs            ROUNDS=20 SHOW_SQL=1 (lists the last round trip's statements)
import { register } from 'tsx/esm/api';

register();
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const { createTestApp, onboardedUser, createChat, bearer } =
  await import('../apps/server/src/test/test-app.ts');
const { statementStats } = await import('../apps/server/src/db/client.ts');

const t = await createTestApp();
const stats = statementStats(t.app.ctx.db);
const s = await onboardedUser(t.app);
const chat = await createChat(t.app, s);
const idle = async () => {
  while (t.app.ctx.background.size > 0) await new Promise((r) => setTimeout(r, 1));
};
async function roundTrip(i) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${chat._id}`,
    headers: bearer(s),
    payload: { message: { message: `tell me something, number ${i}` }, type: 'text' },
  });
  if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
  await idle();
}
for (let i = 0; i < 3; i++) await roundTrip(i); // warm the caches
const per = [];
let lastLog = [];
for (let i = 0; i < ROUNDS; i++) {
  const before = { ...stats };
  stats.log = [];
  await roundTrip(i + 3);
  lastLog = stats.log;
  delete stats.log;
  per.push({
    statements: stats.statements - before.statements,
    transactions: stats.transactions - before.transactions,
  });
}
const avg = (k) => per.reduce((a, p) => a + p[k], 0) / per.length;
const data = (lastLog ?? []).filter(
  (q) => !/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(q) && q !== 'BEGIN … COMMIT',
);
const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`statements per message round trip (${db}, steady state, ${ROUNDS} round trips)`);
console.log(
  `  ${avg('statements').toFixed(1)} statements (BEGIN/COMMIT included) in ${avg('transactions').toFixed(1)} transactions; ${data.length} data statements   target ≤ 4 statements (decisions 120, 203: the send and her reply one autocommit statement each)`,
);
if (process.env.SHOW_SQL) for (const q of lastLog) console.log(`    ${q.replace(/\s+/g, ' ').slice(0, 160)}`);
await t.close();
