// Requests per second of GET /api/bots beside a bare Fastify route returning the same JSON,
// on the same machine, with autocannon.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { startAmora } from './lib.mjs';

const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);

async function measure(url) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const server = await startAmora();
try {
  const payload = await (await fetch(`${server.base}/api/bots`)).json();
  const bare = Fastify();
  bare.get('/bots', async () => payload);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const barePort = bare.server.address().port;

  await measure(`${server.base}/api/bots`); // warm-up
  const amora = await measure(`${server.base}/api/bots`);
  const plain = await measure(`http://127.0.0.1:${barePort}/bots`);
  await bare.close();
  const row = (name, m) =>
    `  ${name.padEnd(28)} ${m.rps.toFixed(0).padStart(7)} req/s   p50 ${m.p50} ms   p99 ${m.p99} ms   errors ${m.errors}`;
  console.log(
    `GET /api/bots (${payload.data.length} characters, ${JSON.stringify(payload).length} bytes), ${CONNECTIONS} connections, ${DURATION} s`,
  );
  console.log(row('Amora GET /api/bots', amora));
  console.log(row('bare Fastify, same JSON', plain));
  console.log(`  Amora reaches ${((amora.rps / plain.rps) * 100).toFixed(0)} % of the bare route`);
} finally {
  await server.stop();
}
