// One node holding 10,000 authenticated sockets (issue 13 item 6): USERS users × SOCKETS_EACH
// sockets. Prints the server's memory per socket, then how long her reply takes to reach every
// socket of a user (from the start of POST /api/chat/send/:id to the last of that user's sockets).
//   node bench/sockets.mjs             USERS=100 SOCKETS_EACH=100 TRIALS=10
import { readFileSync } from 'node:fs';
import { io } from 'socket.io-client';
import { percentile, signUp, startAmora } from './lib.mjs';

const USERS = Number(process.env.USERS ?? 100);
const EACH = Number(process.env.SOCKETS_EACH ?? 100);
const TRIALS = Number(process.env.TRIALS ?? 10);
const TARGET = USERS * EACH;

const server = await startAmora({ REPLY_DELAY_MS: '0', SOCKETS_PER_USER: String(EACH) });
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]);
const sockets = [];
try {
  const bots = (await (await fetch(`${server.base}/api/bots`)).json()).data;
  const users = [];
  for (let i = 0; i < USERS; i += 20) {
    users.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, USERS - i) }, async (_, j) => {
          const token = await signUp(server.base, `sock.${Date.now()}.${i + j}@example.com`);
          return { token, sockets: [] };
        }),
      )),
    );
  }
  await new Promise((r) => setTimeout(r, 500));
  const before = rssKb();
  const t0 = performance.now();
  // Connect in waves of 500 so the handshakes do not all time out at once.
  for (let w = 0; w < TARGET; w += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, TARGET - w) }, async (_, k) => {
        const u = users[(w + k) % USERS];
        const socket = io(server.base, {
          auth: { token: u.token },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        u.sockets.push(socket);
        await new Promise((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
      }),
    );
  }
  const connectS = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const connected = sockets.filter((s) => s.connected).length;
  const after = rssKb();
  const perSocketKb = (after - before) / connected;

  // Fan-out: her reply reaches every socket of the user.
  const fanout = [];
  for (let t = 0; t < TRIALS; t++) {
    const u = users[t % USERS];
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${u.token}` };
    const chat = (
      await (
        await fetch(`${server.base}/api/chat`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ botId: bots[t % bots.length]._id }),
        })
      ).json()
    ).data.chat;
    const live = u.sockets.filter((s) => s.connected);
    const arrived = Promise.all(
      live.map(
        (s) =>
          new Promise((resolve) => {
            const on = (p) => {
              if (p.chatId === chat._id && !p.message.self) {
                s.off('message', on);
                resolve(performance.now());
              }
            };
            s.on('message', on);
          }),
      ),
    );
    const start = performance.now();
    const sent = await fetch(`${server.base}/api/chat/send/${chat._id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message: { message: 'hello there' }, type: 'text' }),
    });
    if (!sent.ok) throw new Error(`send: ${sent.status} ${await sent.text()}`);
    const times = await arrived;
    fanout.push(Math.max(...times) - start);
  }
  fanout.sort((a, b) => a - b);
  console.log(
    `sockets on one node: ${connected} of ${TARGET} authenticated sockets connected in ${connectS.toFixed(1)} s   target 10000`,
  );
  console.log(
    `  server memory per socket ${perSocketKb.toFixed(1)} KB (RSS ${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} MB)`,
  );
  console.log(
    `  send → her reply on all ${EACH} sockets of a user: p50 ${percentile(fanout, 50).toFixed(1)} ms, max ${fanout.at(-1).toFixed(1)} ms   target ≤ 200 ms`,
  );
  if (connected < TARGET) process.exitCode = 1;
} finally {
  for (const s of sockets) s.close();
  await server.stop();
}
