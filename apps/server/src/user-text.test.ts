import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createChat,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from './test/test-app.ts';

/*
 * Free text a person types goes through one rule (packages/shared/src/text.ts, decision 031):
 * NFC, no bidirectional controls, lone surrogates or control characters; a text that shows nothing
 * is empty.
 */

let t: TestApp;
let s: Session;
let chatId: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await onboardedUser(t.app);
  chatId = (await createChat(t.app, s))._id;
});
afterAll(async () => t.close());

const tokensOf = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json().user.tokens as number;
/** Sends raw JSON text, so that escapes like \ud800 (a lone surrogate) arrive as the client wrote them. */
const send = (json: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/send/${chatId}`,
    headers: { ...bearer(s), 'content-type': 'application/json' },
    payload: `{"message":{"message":${json}},"type":"text"}`,
  });
const waitUnlocked = () =>
  eventually(async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/chat/${chatId}`, headers: bearer(s) });
    return !(res.json().data as { locked: boolean }).locked;
  });

describe('free text is normalised by the shared rule', () => {
  it('a message of only zero-width characters answers 400 and costs nothing', async () => {
    const before = await tokensOf();
    for (const blank of [
      '"\\u200b\\u200b\\u200b"',
      '"\\u200b \\u2060\\ufeff"',
      '"\\u202e\\u2066 "',
      '"\\u3164"',
    ]) {
      const res = await send(blank);
      expect(res.statusCode, blank).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await tokensOf()).toBe(before);
  });

  it('a message is stored without bidirectional overrides or lone surrogates, in NFC', async () => {
    const res = await send('"cafe\\u0301 \\u202egnp.exe\\u202c ok\\ud800 \\udfff\\ud83d\\ude00"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.message).toBe('Café gnp.exe ok 😀');
    await waitUnlocked();
    const history = (
      await t.app.inject({ method: 'GET', url: `/api/chat/${chatId}`, headers: bearer(s) })
    ).json().data.messages as { self: boolean; message: string }[];
    expect(history.filter((m) => m.self).at(-1)!.message).toBe('Café gnp.exe ok 😀');
  });

  it('feedback text and the first name follow the same rule', async () => {
    const feedback = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${chatId}/feedback`,
      headers: { ...bearer(s), 'content-type': 'application/json' },
      payload: '{"rating":4,"text":" \\u200bnice\\u202e chat\\udc00 "}',
    });
    expect(feedback.statusCode, feedback.body).toBe(201);
    expect(feedback.json().feedback.text).toBe('nice chat');

    const name = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: bearer(s),
      payload: { name: 'Zoe\u0301\u202e' },
    });
    expect(name.statusCode, name.body).toBe(200);
    expect(name.json().user.name).toBe('Zoé');
  });
});
