import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, listenLocally, waitForEvent } from '../../test/socket-client.ts';
import {
  bearer,
  createChat,
  createAdminTestApp,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
let url: string;
let operator: Session;
beforeAll(async () => {
  ({ t, admin: operator } = await createAdminTestApp());
  url = await listenLocally(t.app);
});
afterAll(async () => t.close());

describe('support inbox', () => {
  it("lists the user's question, the operator answers, and the answer arrives live and stays in the chat", async () => {
    const user = await onboardedUser(t.app);
    const chatId = (
      await t.app.inject({ method: 'POST', url: '/api/chat/support', headers: bearer(user) })
    ).json().support._id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chatId}`,
      headers: bearer(user),
      payload: { message: { message: 'My payment did not arrive' }, type: 'text' },
    });
    expect(sent.statusCode).toBe(200);

    const inbox = await t.app.inject({ method: 'GET', url: '/api/admin/support', headers: bearer(operator) });
    expect(inbox.statusCode).toBe(200);
    const entry = inbox.json().data.find((c: { chatId: string }) => c.chatId === chatId);
    expect(entry).toMatchObject({
      awaitingReply: true,
      user: { _id: user.userId, email: user.email },
      lastMessage: { message: 'My payment did not arrive', self: true },
    });

    const socket = await connectSocket(url, user.token);
    const live = waitForEvent<{ chatId: string; message: { message: string; self: boolean } }>(
      socket,
      'message',
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${chatId}/reply`,
      headers: bearer(operator),
      payload: { message: 'Found it — the tokens are on your balance now.' },
    });
    expect(reply.statusCode).toBe(201);
    const pushed = await live;
    socket.close();
    expect(pushed).toMatchObject({
      chatId,
      message: { message: 'Found it — the tokens are on your balance now.', self: false },
    });

    const history = (
      await t.app.inject({ method: 'GET', url: `/api/chat/${chatId}`, headers: bearer(user) })
    ).json().data.messages as { message: string }[];
    expect(history.map((m) => m.message)).toContain('Found it — the tokens are on your balance now.');
    const thread = (
      await t.app.inject({ method: 'GET', url: `/api/admin/support/${chatId}`, headers: bearer(operator) })
    ).json().data;
    expect(thread.awaitingReply).toBe(false);
    expect(thread.messages.at(-1).message).toMatch(/Found it/);
  });

  it('keeps users out (403), refuses an empty reply (400) and answers 404 for a non-support chat', async () => {
    const user = await onboardedUser(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/support', headers: bearer(user) })).statusCode,
    ).toBe(403);
    const chat = await createChat(t.app, user);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${chat._id}/reply`,
      headers: bearer(operator),
      payload: { message: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const notSupport = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${chat._id}/reply`,
      headers: bearer(operator),
      payload: { message: 'hello' },
    });
    expect(notSupport.statusCode).toBe(404);
  });
});
