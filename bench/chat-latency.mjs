// Send-to-reply delivery latency over the socket with REPLY_DELAY_MS=0:
// from the moment POST /api/chat/send/:id starts until her `message` event arrives.
// The first WARMUP messages after the server starts (JIT, first statements prepared) are printed
// on their own line; the target applies to the MESSAGES after them (decision 192).
import { io } from 'socket.io-client';
import { idlePenalty, percentile, signUp, startAmora } from './lib.mjs';

const MESSAGES = Number(process.env.MESSAGES ?? 200);
const WARMUP = Number(process.env.WARMUP ?? 20);
const server = await startAmora({ REPLY_DELAY_MS: '0' });
const sockets = [];
async function measure(count) {
  const latencies = [];
  // 500 starting tokens per user: each user opens 4 characters and sends 25 messages to each.
  while (latencies.length < count) {
    const token = await signUp(server.base, `bench.${Date.now()}.${latencies.length}@example.com`);
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const bots = (await (await fetch(`${server.base}/api/bots`)).json()).data.slice(0, 4);
    const socket = io(server.base, { auth: { token }, transports: ['websocket'] });
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    for (const bot of bots) {
      const res = await fetch(`${server.base}/api/chat`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ botId: bot._id }),
      });
      const chat = (await res.json()).data.chat;
      for (let i = 0; i < 25 && latencies.length < count; i++) {
        const done = new Promise((resolve) => {
          let replied = null;
          const onMessage = (p) => {
            if (p.chatId === chat._id && !p.message.self && replied === null) replied = performance.now();
          };
          const onChat = (p) => {
            if (p.chatId === chat._id && !p.locked && replied !== null) {
              socket.off('message', onMessage);
              socket.off('chat', onChat);
              resolve(replied);
            }
          };
          socket.on('message', onMessage);
          socket.on('chat', onChat);
        });
        const t0 = performance.now();
        const sent = await fetch(`${server.base}/api/chat/send/${chat._id}`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ message: { message: `Tell me something nice, number ${i}` }, type: 'text' }),
        });
        if (!sent.ok) throw new Error(`send: ${sent.status} ${await sent.text()}`);
        latencies.push((await done) - t0);
      }
    }
  }
  return latencies.sort((a, b) => a - b);
}
try {
  const fmt = (v) => `${v.toFixed(1)} ms`;
  const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const cold = WARMUP > 0 ? await measure(WARMUP) : [];
  const latencies = await measure(MESSAGES);
  for (const s of sockets) s.close();
  console.log(`send → reply over the socket (${db}, idle, REPLY_DELAY_MS=0), ${latencies.length} messages`);
  if (cold.length)
    console.log(
      `  the first ${cold.length} after start (warm-up, not in the figures): p50 ${fmt(percentile(cold, 50))}   max ${fmt(cold.at(-1))}`,
    );
  console.log(
    `  p50 ${fmt(percentile(latencies, 50))}   p95 ${fmt(percentile(latencies, 95))}   max ${fmt(latencies.at(-1))}   target p95 ≤ 10 ms`,
  );
  console.log(
    `  this machine after 5 ms idle: ${(await idlePenalty()).toFixed(1)}× slower on cache-resident memory (1.0 = no penalty; decision 195)`,
  );
} finally {
  await server.stop();
}
