import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, listenLocally, waitForEvent } from './test/socket-client.ts';
import {
  bearer,
  createChat,
  createTestApp,
  eventually,
  onboardedUser,
  type TestApp,
} from './test/test-app.ts';

const enabled = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

/** Two nodes on one PostgreSQL and one Redis behave like one (DESIGN §1). */
describe.skipIf(!enabled)('two nodes behind a load balancer', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: process.env.REDIS_URL! });
    b = await createTestApp({ REDIS_URL: process.env.REDIS_URL! }, {}, a);
    urlA = await listenLocally(a.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a reply produced on node B reaches a socket connected to node A', async () => {
    const user = await onboardedUser(b.app);
    const chat = await createChat(b.app, user);
    const socket = await connectSocket(urlA, user.token);
    // Give the Redis subscription a moment to be in place before the other node publishes.
    await new Promise((r) => setTimeout(r, 200));
    const got = waitForEvent<{ chatId: string; message: { self: boolean } }>(socket, 'message');
    const res = await b.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chat._id}`,
      headers: bearer(user),
      payload: { message: { message: 'Hello from node B' }, type: 'text' },
    });
    expect(res.statusCode).toBe(200);
    const msg = await got;
    expect(msg.chatId).toBe(chat._id);
    expect(msg.message.self).toBe(false);
    // The session made on B works on A: secrets and state are shared.
    const me = await a.app.inject({ method: 'GET', url: '/api/user', headers: bearer(user) });
    expect(me.statusCode).toBe(200);
    socket.close();
  });

  it('an age-review hold placed on node B refuses writes on node A, and lifting it on A frees B (cached holds)', async () => {
    const user = await onboardedUser(a.app);
    const chat = await createChat(a.app, user);
    // Both nodes have read (and cached) "no hold".
    await a.app.ctx.services.safety.assertWritable(user.userId);
    await b.app.ctx.services.safety.assertWritable(user.userId);
    const row = await b.app.ctx.services.users.getById(user.userId);
    const intercept = await b.app.ctx.services.safety.screen({
      user: row,
      chatId: chat._id,
      messageId: 'm-1',
      text: "btw I'm 15",
      language: 'en',
    });
    expect(intercept?.kind).toBe('minor');
    await eventually(() =>
      a.app.ctx.services.safety.assertWritable(user.userId).then(
        () => false,
        (err: { code?: string }) => err.code === 'AGE_REVIEW',
      ),
    );
    await a.app.ctx.services.safety.restore(user.userId);
    await eventually(() =>
      b.app.ctx.services.safety.assertWritable(user.userId).then(
        () => true,
        () => false,
      ),
    );
  });
});
