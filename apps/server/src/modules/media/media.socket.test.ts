import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';
import { bearer, createTestApp, onboardedUser, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

describe('set_voice_mode', () => {
  it('validates the payload, applies the level rule, and pushes the new chat state', async () => {
    const s = await onboardedUser(t.app);
    const bot = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data[0];
    const chat = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: bearer(s),
        payload: { botId: bot._id },
      })
    ).json().data.chat;
    const socket: Socket = connect(url, {
      path: '/socket.io',
      auth: { token: s.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ask = (payload: { chatId: string; voiceMode: boolean | string }) =>
      socket.timeout(5000).emitWithAck('set_voice_mode', payload);
    try {
      expect(await ask({ chatId: chat._id, voiceMode: 'yes' })).toMatchObject({ ok: false, statusCode: 400 });
      // New-status users only have reload (SPEC §6); make the user paid.
      await t.app.ctx.db.update(users).set({ status: 'Paid' }).where(eq(users.id, s.userId));
      expect(await ask({ chatId: chat._id, voiceMode: true })).toMatchObject({
        ok: false,
        statusCode: 403,
        message: 'Available at level 2',
      });
      expect(await ask({ chatId: 'someone-elses', voiceMode: true })).toMatchObject({
        ok: false,
        statusCode: 404,
      });

      await t.app.ctx.db.update(chats).set({ points: 25, level: 2 }).where(eq(chats.id, chat._id));
      const state = new Promise<{ voiceMode: boolean }>((resolve) => socket.once('chat', resolve));
      expect(await ask({ chatId: chat._id, voiceMode: true })).toEqual({ ok: true, voiceMode: true });
      expect((await state).voiceMode).toBe(true);
      const after = (
        await t.app.inject({ method: 'GET', url: `/api/chat/${chat._id}`, headers: bearer(s) })
      ).json().data;
      expect(after.voiceMode).toBe(true);
    } finally {
      socket.close();
    }
  });

  it("answers in the socket user's language: Russian for a Russian account", async () => {
    const s = await onboardedUser(t.app);
    await t.app.ctx.db.update(users).set({ status: 'Paid', language: 'ru' }).where(eq(users.id, s.userId));
    const bot = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json().data[0];
    const chat = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: bearer(s),
        payload: { botId: bot._id },
      })
    ).json().data.chat;
    const socket: Socket = connect(url, {
      path: '/socket.io',
      auth: { token: s.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ask = (payload: { chatId: string; voiceMode: boolean | string }) =>
      socket.timeout(5000).emitWithAck('set_voice_mode', payload);
    try {
      expect(await ask({ chatId: chat._id, voiceMode: 'yes' })).toEqual({
        ok: false,
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Отправьте { chatId, voiceMode }',
      });
      expect(await ask({ chatId: chat._id, voiceMode: true })).toEqual({
        ok: false,
        statusCode: 403,
        code: 'FORBIDDEN',
        message: 'Доступно с уровня 2',
      });
      expect(await ask({ chatId: 'someone-elses', voiceMode: true })).toMatchObject({
        message: 'Чат не найден',
      });
    } finally {
      socket.close();
    }
  });
});
