import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const update = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/update',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });

describe('GET /api/user', () => {
  it('returns every field of SPEC §3 User', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    for (const field of [
      '_id',
      'tokens',
      'status',
      'access',
      'role',
      'geo',
      'language',
      'languageForChats',
      'name',
      'age',
      'sex',
      'email',
      'notifications',
      'subscription',
      'banned',
      'source',
      'utm_campaign',
      'utm_content',
      'utm_medium',
      'utm_source',
      'utm_term',
      'affiliate_platform',
    ]) {
      expect(user).toHaveProperty(field);
    }
    expect(user).toMatchObject({
      status: 'New',
      access: 'NEW',
      role: 'user',
      geo: { tier: 2 },
      banned: { is: false, reason: null },
      subscription: { status: 'inactive', endDate: null },
    });
    expect(user).not.toHaveProperty('passwordHash');
  });
});

describe('POST /api/user/update', () => {
  it('saves the onboarding answers and marks the user onboarded', async () => {
    const s = await signUp(t.app);
    const res = await update(s.token, { name: '  Mia ', age: 18, sex: 'female', country: 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Mia',
      age: 18,
      sex: 'female',
      country: 'DE',
      onboarded: true,
    });
    const hyphen = await update(s.token, { name: 'Anne-Marie' });
    expect(hyphen.statusCode).toBe(200);
    const partial = await update(s.token, { name: 'Анна' });
    expect(partial.json().user).toMatchObject({ name: 'Анна', age: 18 });
  });

  it.each([
    [{ age: 17 }, 'at least 18'],
    [{ age: 18.5 }, 'whole number'],
    [{ age: '30' }, 'number'],
    [{ age: 500 }, 'at most'],
    [{ name: 'Mia Smith-Jones 2' }, 'first name'],
    [{ name: 'Mia Smith' }, 'one word'],
    [{ name: 'Анна Каренина' }, 'one word'],
    [{ name: '' }, 'required'],
    [{ name: 'x'.repeat(41) }, 'at most 40'],
    [{ sex: 'robot' }, 'sex'],
    [{ country: 'Germany' }, 'two-letter'],
    [{}, 'Nothing to update'],
    [{ name: 'Mia', tokens: 1_000_000 }, 'tokens'],
    [{ preferences: ['Poker'] }, 'Betting, Gambling, Crypto'],
    [{ preferences: ['Flowers', 'Flowers'] }, 'each preference once'],
    [{ preferences: 'Flowers' }, 'array'],
  ])('refuses %j', async (payload, message) => {
    const s = await signUp(t.app);
    const res = await update(s.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().message.toLowerCase()).toContain(message.toLowerCase());
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) });
    expect(me.json().user.tokens).toBe(500);
  });
});

describe('preferences (SPEC §3)', () => {
  it('saves the chosen values, answers them on the user, and an empty list clears them', async () => {
    const s = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json().user.preferences,
    ).toEqual([]);
    const all = ['Betting', 'Gambling', 'Crypto', 'Chocolate', 'Flowers', 'Clothes', 'Rent', 'Jewelry'];
    const res = await update(s.token, { preferences: all });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.preferences).toEqual(all);
    expect((await update(s.token, { preferences: [] })).json().user.preferences).toEqual([]);
  });
});

describe('languages', () => {
  it('sets the interface language and the chat language, and refuses unknown ones', async () => {
    const s = await signUp(t.app);
    const lang = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: bearer(s),
      payload: { language: 'ru' },
    });
    expect(lang.json().user.language).toBe('ru');
    const chats = await t.app.inject({
      method: 'POST',
      url: '/api/user/language-for-chats',
      headers: bearer(s),
      payload: { language: 'ru' },
    });
    expect(chats.json().user.languageForChats).toBe('ru');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: bearer(s),
      payload: { language: 'klingon' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
