// 200 concurrent chats, each sending 10 messages one after another (each waits for her reply),
// against a real server with REPLY_DELAY_MS=0. Delivery = from the start of POST /api/chat/send/:id
// until her `message` arrives over the socket. Errors: a refused send, `message_failed`, or no reply
// within REPLY_TIMEOUT_MS.
import { io } from 'socket.io-client';
import { percentile, signUp, startAmora } from './lib.mjs';

const CHATS = Number(process.env.CHATS ?? 200);
const MESSAGES = Number(process.env.MESSAGES ?? 10);
const REPLY_TIMEOUT_MS = Number(process.env.REPLY_TIMEOUT_MS ?? 60_000);

const server = await startAmora({ REPLY_DELAY_MS: '0' });
const sockets = [];
try {
  const bots = (await (await fetch(`${server.base}/api/bots`)).json()).data;
  const prefix = `conc.${Date.now()}`;

  // Set-up (not timed): users, one chat each, a socket each. A few at a time: sign-up hashes a password.
  const users = [];
  for (let i = 0; i < CHATS; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, CHATS - i) }, async (_, j) => {
        const n = i + j;
        const token = await signUp(server.base, `${prefix}.${n}@example.com`);
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
        const res = await fetch(`${server.base}/api/chat`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ botId: bots[n % bots.length]._id, ...(n % 2 ? { language: 'ru' } : {}) }),
        });
        if (!res.ok) throw new Error(`open chat: ${res.status} ${await res.text()}`);
        const chatId = (await res.json()).data.chat._id;
        const socket = io(server.base, { auth: { token }, transports: ['websocket'], reconnection: false });
        sockets.push(socket);
        await new Promise((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        return { n, headers, chatId, socket, ru: n % 2 === 1 };
      }),
    );
    users.push(...batch);
  }

  // Like a browser in a conversation, each chat's client holds its connection: open them all before
  // the clock starts. fetch's pool closes a connection idle for 4 s, and the set-up takes longer, so
  // without this the first messages of most chats paid a new connection each, one at a time while
  // the server was busy (decision 150: that was most of the p99).
  await Promise.all(users.map(() => fetch(`${server.base}/api/health`).then((r) => r.text())));
  const latencies = [];
  const errors = { refused: 0, failed: 0, timeout: 0 };
  const lines = {
    en: [
      'hi there!',
      'how are you?',
      'my name is Sam',
      'I live in Paris',
      'what do you like?',
      'you are lovely',
      'tell me about your day',
      'I work as a teacher',
      'do you remember me?',
      'good night',
    ],
    ru: [
      'привет!',
      'как дела?',
      'меня зовут Сэм',
      'я живу в Париже',
      'что ты любишь?',
      'ты милая',
      'расскажи про свой день',
      'я работаю учителем',
      'ты меня помнишь?',
      'спокойной ночи',
    ],
  };

  async function converse(u) {
    for (let i = 0; i < MESSAGES; i++) {
      const reply = new Promise((resolve) => {
        let got = null;
        const timer = setTimeout(() => finish('timeout'), REPLY_TIMEOUT_MS);
        function finish(outcome) {
          clearTimeout(timer);
          u.socket.off('message', onMessage);
          u.socket.off('chat', onChat);
          u.socket.off('message_failed', onFailed);
          resolve(outcome);
        }
        const onMessage = (p) => {
          if (p.chatId === u.chatId && !p.message.self && got === null) got = performance.now();
        };
        const onChat = (p) => {
          if (p.chatId === u.chatId && !p.locked && got !== null) finish({ at: got });
        };
        const onFailed = (p) => {
          if (p.chatId === u.chatId) finish('failed');
        };
        u.socket.on('message', onMessage);
        u.socket.on('chat', onChat);
        u.socket.on('message_failed', onFailed);
      });
      const t0 = performance.now();
      const sent = await fetch(`${server.base}/api/chat/send/${u.chatId}`, {
        method: 'POST',
        headers: u.headers,
        body: JSON.stringify({ message: { message: lines[u.ru ? 'ru' : 'en'][i % 10] }, type: 'text' }),
      });
      if (!sent.ok) {
        errors.refused += 1;
        if (errors.refused <= 3) console.error(`  send refused: ${sent.status} ${await sent.text()}`);
        return; // the chat may be locked now; stop this conversation
      }
      const outcome = await reply;
      if (outcome === 'timeout' || outcome === 'failed') {
        errors[outcome] += 1;
        return;
      }
      latencies.push(outcome.at - t0);
    }
  }

  const t0 = performance.now();
  await Promise.all(users.map(converse));
  const wall = performance.now() - t0;
  latencies.sort((a, b) => a - b);
  const fmt = (v) => `${v.toFixed(1)} ms`;
  const errorCount = errors.refused + errors.failed + errors.timeout;
  // Issue 13 items 2 and 3: PostgreSQL ≥ 600 replies/s and p95 ≤ 250 ms at 200 chats; PGlite p95
  // ≤ 1 s at 50 chats and ≤ 3 s at 200, with no error.
  const pg = Boolean(process.env.BENCH_DATABASE_URL);
  const target = pg
    ? '   target ≥ 600 replies/s, p95 ≤ 250 ms (PostgreSQL, 200 chats)'
    : `   target p95 ≤ ${CHATS <= 50 ? '1 s (PGlite, 50 chats)' : '3 s (PGlite, 200 chats)'}, no error`;
  console.log(`  database: ${pg ? 'PostgreSQL' : 'PGlite'}${target}`);
  console.log(
    `${CHATS} concurrent chats × ${MESSAGES} messages (REPLY_DELAY_MS=0, half English, half Russian): ${latencies.length} replies in ${(wall / 1000).toFixed(1)} s (${(latencies.length / (wall / 1000)).toFixed(0)} replies/s)`,
  );
  console.log(
    `  delivery p50 ${fmt(percentile(latencies, 50))}   p95 ${fmt(percentile(latencies, 95))}   p99 ${fmt(percentile(latencies, 99))}   max ${fmt(latencies.at(-1))}`,
  );
  console.log(
    `  errors: ${errorCount} (refused ${errors.refused}, message_failed ${errors.failed}, no reply within ${REPLY_TIMEOUT_MS / 1000} s ${errors.timeout})`,
  );
  if (errorCount > 0) process.exitCode = 1;
} finally {
  for (const s of sockets) s.close();
  await server.stop();
}
