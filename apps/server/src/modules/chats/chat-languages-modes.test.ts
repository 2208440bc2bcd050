import { languages } from '@amora/shared/enums.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  createChat,
  createTestApp,
  eventually,
  onboardedUser,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import type { Brain, BrainContext } from '@amora/companion/engine/brain.ts';

/*
 * Issue 10 items 6 and 7: the chat languages the engine writes (the others are refused, never
 * answered in English), and the personality mode reaching the engine.
 */

/** An engine that remembers what it was asked. */
function recordingBrain(): Brain & { seen: BrainContext[] } {
  const seen: BrainContext[] = [];
  return {
    name: 'test',
    seen,
    greeting: async () => ({ text: 'Hi!', memory: {}, pointsDelta: 0, intent: 'greeting' }),
    async reply(ctx) {
      seen.push(ctx);
      return { text: `(${ctx.chat.mode}) Tell me more.`, memory: {}, pointsDelta: 1, intent: 'small_talk' };
    },
  };
}

let builtin: TestApp; // an app whose engine writes English and Russian (the built-in engine's)
let llm: TestApp; // an app whose engine writes every language (as the OpenAI-compatible one)
const brain = recordingBrain();
beforeAll(async () => {
  builtin = await createTestApp({}, { brain });
  llm = await createTestApp({}, { brain: recordingBrain(), chatLanguages: languages });
});
afterAll(async () => {
  await builtin.close();
  await llm.close();
});

const inject = (t: TestApp, s: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(s),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const command = (t: TestApp, s: Session, id: string, text: string) =>
  inject(t, s, 'POST', `/api/chat/command/${id}`, { command: text });
const chatOf = async (t: TestApp, s: Session, id: string) =>
  (await inject(t, s, 'GET', `/api/chat/${id}`)).json<{
    data: { language: string; mode: string; locked: boolean; messages: { self: boolean; message: string }[] };
  }>().data;

async function paidUser(t: TestApp): Promise<Session> {
  const s = await onboardedUser(t.app);
  await t.app.ctx.db.update(users).set({ status: 'Paid', tokens: 500 }).where(eq(users.id, s.userId));
  return s;
}

describe('the languages the engine writes', () => {
  it('the AI status names them: en and ru for the built-in engine, all 13 for the OpenAI-compatible one', async () => {
    const a = (await builtin.app.inject({ method: 'GET', url: '/api/chat/ai-status' })).json<{
      data: { languages: string[] };
    }>().data;
    expect(a.languages).toEqual(['en', 'ru']);
    const b = (await llm.app.inject({ method: 'GET', url: '/api/chat/ai-status' })).json<{
      data: { languages: string[] };
    }>().data;
    expect(b.languages).toEqual([...languages]);
    expect(b.languages).toHaveLength(13);
  });

  it('refuses a German chat with 409 and a plain reason (en, ru); Russian is fine', async () => {
    const s = await paidUser(builtin);
    const id = (await createChat(builtin.app, s))._id;
    const de = await command(builtin, s, id, 'language:de');
    expect(de.statusCode).toBe(409);
    expect(de.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'She cannot write in DE on this server: she writes EN, RU. Choose one of these languages for the chat.',
    });
    // A Russian-speaking user reads the reason in Russian.
    await builtin.app.ctx.db.update(users).set({ language: 'ru' }).where(eq(users.id, s.userId));
    const ruReader = await command(builtin, s, id, 'language:ja');
    expect(ruReader.statusCode).toBe(409);
    expect(ruReader.json<{ message: string }>().message).toMatch(/^На этом сервере она не пишет на языке JA/);
    expect((await chatOf(builtin, s, id)).language).toBe('en');
    expect((await command(builtin, s, id, 'language:ru')).statusCode).toBe(200);
    expect((await chatOf(builtin, s, id)).language).toBe('ru');
  });

  it('refuses to open a chat in a language she does not write', async () => {
    const s = await paidUser(builtin);
    const bots = (await builtin.app.inject({ method: 'GET', url: '/api/bots' })).json<{
      data: { _id: string }[];
    }>().data;
    const res = await inject(builtin, s, 'POST', '/api/chat', { botId: bots[1]!._id, language: 'fr' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('a German chat preference does not turn chats German; new chats use a language she writes', async () => {
    const s = await paidUser(builtin);
    const before = (await createChat(builtin.app, s, { botIndex: 2 }))._id;
    const pref = await inject(builtin, s, 'POST', '/api/user/language-for-chats', { language: 'de' });
    expect(pref.statusCode).toBe(200);
    expect((await chatOf(builtin, s, before)).language).toBe('en');
    const after = (await createChat(builtin.app, s, { botIndex: 3 }))._id;
    expect((await chatOf(builtin, s, after)).language).toBe('en');
  });

  it('a chat left in German (the engine changed) is refused, not answered in English', async () => {
    const s = await paidUser(builtin);
    const id = (await createChat(builtin.app, s, { botIndex: 4 }))._id;
    await builtin.app.ctx.db.update(chats).set({ language: 'de' }).where(eq(chats.id, id));
    const sent = await inject(builtin, s, 'POST', `/api/chat/send/${id}`, {
      message: { message: 'Hallo' },
      type: 'text',
    });
    expect(sent.statusCode).toBe(409);
    expect(sent.json<{ message: string }>().message).toMatch(/cannot write in DE/);
  });

  it('with an engine that writes every language, German is accepted', async () => {
    const s = await paidUser(llm);
    const id = (await createChat(llm.app, s))._id;
    expect((await command(llm, s, id, 'language:de')).statusCode).toBe(200);
    expect((await chatOf(llm, s, id)).language).toBe('de');
  });
});

describe('personality modes (gentle, dominant, submissive)', () => {
  it('the chosen mode is shown on the chat and reaches the engine with the next turn', async () => {
    const s = await paidUser(builtin);
    const id = (await createChat(builtin.app, s, { botIndex: 5 }))._id;
    expect((await chatOf(builtin, s, id)).mode).toBe('gentle');
    for (const mode of ['dominant', 'submissive', 'gentle'] as const) {
      expect((await command(builtin, s, id, `mode:${mode}`)).statusCode).toBe(200);
      expect((await chatOf(builtin, s, id)).mode).toBe(mode);
      const sent = await inject(builtin, s, 'POST', `/api/chat/send/${id}`, {
        message: { message: 'How are you?' },
        type: 'text',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const chat = await eventually(async () => {
        const c = await chatOf(builtin, s, id);
        return !c.locked && c.messages.at(-1)?.self === false ? c : null;
      });
      expect(brain.seen.at(-1)?.chat.mode).toBe(mode);
      expect(chat.messages.at(-1)?.message).toBe(`(${mode}) Tell me more.`);
    }
  });
});
