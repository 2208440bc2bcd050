import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createChat,
  createTestApp,
  onboardedUser,
  type Session,
  type TestApp,
} from '../test/test-app.ts';
import { connectSocket, listenLocally } from '../test/socket-client.ts';

/** Every error-level line the server logs (a NUL reaching the database was one, with the user's text). */
const logged: unknown[] = [];
const capture = (...args: unknown[]) => void logged.push(args);
const logger = {
  level: 'info',
  fatal: capture,
  error: capture,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => logger,
} as unknown as FastifyBaseLogger;

let t: TestApp;
let s: Session;
let chatId: string;
beforeAll(async () => {
  t = await createTestApp({}, { logger });
  s = await onboardedUser(t.app);
  chatId = (await createChat(t.app, s))._id;
});
afterAll(async () => t.close());

const refused = (res: { statusCode: number; json: () => unknown }, where: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  expect((res.json() as { message: string }).message).toContain(where);
};

describe('a NUL character (U+0000) is refused at the boundary with 400, never a 500', () => {
  it('in a message text, and nothing is charged', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json().user
      .tokens as number;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chatId}`,
      headers: bearer(s),
      payload: { message: { message: 'hello\u0000world' }, type: 'text' },
    });
    refused(res, 'body.message.message');
    const after = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json().user
      .tokens as number;
    expect(after).toBe(before);
  });

  it('in a feedback text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/feedback`,
      headers: bearer(s),
      payload: { rating: 5, text: 'great\u0000' },
    });
    refused(res, 'body.text');
  });

  it('in a path id', async () => {
    for (const url of [
      `/api/chat/${chatId}%00`,
      '/api/chat/%00',
      '/api/bots/%00',
      '/api/payment/status/%00x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(s) });
      refused(res, 'params');
    }
    const command = await t.app.inject({
      method: 'POST',
      url: '/api/chat/command/%00',
      headers: bearer(s),
      payload: { command: 'reload' },
    });
    refused(command, 'params.id');
  });

  it('in a query string', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/chat/${chatId}?before=%00abc`,
      headers: bearer(s),
    });
    refused(res, 'query.before');
  });

  it('in a cookie (the refresh token)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: 'amora_refresh=abc%00def' },
    });
    refused(res, 'cookies.amora_refresh');
  });

  it('in a socket event payload: dropped, and the acknowledgement says 400', async () => {
    const url = await listenLocally(t.app);
    const socket = await connectSocket(url, s.token);
    try {
      const ack = await socket
        .timeout(5000)
        .emitWithAck('set_voice_mode', { chatId: `x\u0000`, voiceMode: true });
      expect(ack).toMatchObject({ ok: false, statusCode: 400, code: 'VALIDATION_ERROR' });
    } finally {
      socket.disconnect();
    }
  });

  it('logged no error for any of them', () => {
    expect(logged).toEqual([]);
  });
});
