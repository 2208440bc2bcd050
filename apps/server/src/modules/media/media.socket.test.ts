import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';
import { connectSocket, listenLocally, waitForEvent } from '../../test/socket-client.ts';
import { bearer, createChat, createTestApp, onboardedUser, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  url = await listenLocally(t.app);
});
afterAll(async () => t.close());

describe('set_voice_mode', () => {
  it('validates the payload, applies the level rule, and pushes the new chat state', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    const socket = await connectSocket(url, s.token);
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
      const state = waitForEvent<{ voiceMode: boolean }>(socket, 'chat');
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
    const chat = await createChat(t.app, s);
    const socket = await connectSocket(url, s.token);
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
