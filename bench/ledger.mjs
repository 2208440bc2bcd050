// 1 000 concurrent debits on one hot balance, straight through the ledger service: throughput,
// latency percentiles and invariant violations (must be 0). PGlite by default; PostgreSQL with
// BENCH_DATABASE_URL (a fresh database is created and dropped).
//   node bench/ledger.mjs            BENCH_DEBITS=1000 BENCH_BALANCE=500
import { register } from 'tsx/esm/api';
import { percentile } from './lib.mjs';

register();
if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

const N = Number(process.env.BENCH_DEBITS ?? 1000);
const BALANCE = Number(process.env.BENCH_BALANCE ?? 500);
const { createTestApp, signUp } = await import('../apps/server/src/test/test-app.ts');

const t = await createTestApp();
const { ledger, users } = t.app.ctx.services;
const { userId } = await signUp(t.app); // 500 welcome tokens
const start = (await users.getById(userId)).tokens;
if (BALANCE !== start)
  await ledger.apply({
    userId,
    delta: BALANCE - start,
    reason: 'admin',
    idempotencyKey: `bench:set:${userId}`,
  });

const latencies = [];
let ok = 0;
let refused = 0;
let otherErrors = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: N }, async (_, i) => {
    const s = performance.now();
    try {
      await ledger.apply({ userId, delta: -1, reason: 'message', idempotencyKey: `bench:${userId}:${i}` });
      ok++;
    } catch (err) {
      if (err?.code === 'INSUFFICIENT_TOKENS') refused++;
      else otherErrors++;
    } finally {
      latencies.push(performance.now() - s);
    }
  }),
);
const elapsed = (performance.now() - t0) / 1000;

const balance = (await users.getById(userId)).tokens;
const sum = await ledger.sum(userId);
const violations = [
  balance < 0 && 'balance below zero',
  balance !== sum && `entries sum ${sum} != balance ${balance}`,
  ok !== Math.min(N, BALANCE) && `${ok} debits succeeded, expected ${Math.min(N, BALANCE)}`,
  balance !== BALANCE - ok && `balance ${balance} != ${BALANCE} - ${ok}`,
  otherErrors > 0 && `${otherErrors} unexpected errors`,
].filter(Boolean);

latencies.sort((a, b) => a - b);
const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`ledger hot balance (${db}): ${N} concurrent debits of 1 token on a balance of ${BALANCE}`);
console.log(`  succeeded ${ok}, refused ${refused} (INSUFFICIENT_TOKENS), other errors ${otherErrors}`);
console.log(`  throughput ${(N / elapsed).toFixed(0)} debits/s (${elapsed.toFixed(2)} s)`);
console.log(
  `  latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms   target p99 < 250 ms`,
);
console.log(
  `  invariant violations: ${violations.length}${violations.length ? ` (${violations.join('; ')})` : ''}   target 0`,
);
await t.close();
if (violations.length) process.exitCode = 1;
