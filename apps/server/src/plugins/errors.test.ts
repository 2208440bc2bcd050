import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, signUp, uniqueEmail, type TestApp } from '../test/test-app.ts';

/** Server messages follow the reader's language (docs/decisions/025); codes and statuses do not change. */
describe('error messages in the user language', () => {
  let t: TestApp;
  const missingChat = '/api/chat/00000000-0000-4000-8000-000000000000';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('404: Russian with Accept-Language ru, English without it or for other languages', async () => {
    const s = await signUp(t.app);
    // the account language stays the default for this check: the header decides for a guest only
    const guest = await t.app.inject({
      method: 'GET',
      url: '/api/bots/999999',
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(guest.statusCode).toBe(404);
    expect(guest.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Персонаж не найден' });
    const english = await t.app.inject({ method: 'GET', url: '/api/bots/999999' });
    expect(english.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Character not found' });
    const german = await t.app.inject({
      method: 'GET',
      url: '/api/bots/999999',
      headers: { 'accept-language': 'de' },
    });
    expect(german.json().message).toBe('Character not found');
    const mine = await t.app.inject({ method: 'GET', url: missingChat, headers: bearer(s) });
    expect(mine.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Chat not found' });
  });

  it('409: the taken email in Russian or English', async () => {
    const email = uniqueEmail();
    await signUp(t.app, email);
    const payload = { email, password: 'correct horse battery', termsAccepted: true };
    const ru = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload,
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.statusCode).toBe(409);
    expect(ru.json()).toEqual({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
      message: 'Аккаунт с таким email уже существует',
    });
    const en = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload });
    expect(en.json()).toEqual({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
  });

  it('402: not enough tokens, in the header language', async () => {
    const s = await signUp(t.app);
    await t.app.ctx.services.ledger.apply({
      userId: s.userId,
      delta: -500,
      reason: 'admin',
      idempotencyKey: `drain:${s.userId}`,
    });
    const bots = (await t.app.inject({ method: 'GET', url: '/api/bots', headers: bearer(s) })).json<{
      data: { _id: string; tokens_for_model?: number }[];
    }>().data;
    const botId = bots[0]!._id;
    const open = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chat',
        payload: { botId },
        headers: { ...bearer(s), ...headers },
      });
    // the account's language is English (the default): it wins over the header once known…
    expect((await open({ 'accept-language': 'ru' })).json().message).toBe(
      'Not enough tokens. Top up your balance to continue.',
    );
    // …and a Russian account reads Russian whatever the header says
    await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      payload: { language: 'ru' },
      headers: bearer(s),
    });
    const ru = await open({ 'accept-language': 'en' });
    expect(ru.statusCode).toBe(402);
    expect(ru.json()).toEqual({
      statusCode: 402,
      code: 'INSUFFICIENT_TOKENS',
      message: 'Недостаточно токенов. Пополните баланс, чтобы продолжить.',
    });
  });

  it('a signed-in Russian-language user reads Russian without any header', async () => {
    const s = await signUp(t.app);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      payload: { language: 'ru' },
      headers: bearer(s),
    });
    expect(set.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: missingChat, headers: bearer(s) });
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Чат не найден' });
    // a partial interface language (Spanish) reads English
    await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      payload: { language: 'es' },
      headers: bearer(s),
    });
    const es = await t.app.inject({
      method: 'GET',
      url: missingChat,
      headers: { ...bearer(s), 'accept-language': 'ru' },
    });
    expect(es.json().message).toBe('Chat not found');
  });

  it('validation keeps the field path and translates the words', async () => {
    const payload = { email: 'not-an-email', password: 'correct horse battery', termsAccepted: true };
    const en = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload });
    expect(en.statusCode).toBe(400);
    expect(en.json().code).toBe('VALIDATION_ERROR');
    expect(en.json().message).toMatch(/^body\.email: /);
    const ru = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload,
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'body.email: Неверный email',
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { password: 'x' },
      headers: { 'accept-language': 'ru' },
    });
    expect(missing.json().message).toBe('body.email: Обязательное поле');
  });

  it('fixed messages: broken JSON, unknown endpoint, wrong credentials', async () => {
    const ru = { 'accept-language': 'ru', 'content-type': 'application/json' };
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: '{nope',
      headers: ru,
    });
    expect(broken.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Тело запроса — не корректный JSON',
    });
    const brokenEn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(brokenEn.json().message).toBe('The body is not valid JSON');
    const nowhere = await t.app.inject({
      method: 'GET',
      url: '/api/nowhere',
      headers: { 'accept-language': 'ru' },
    });
    expect(nowhere.json()).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Нет такого адреса: GET /api/nowhere',
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: uniqueEmail(), password: 'whatever it is' },
      headers: { 'accept-language': 'ru' },
    });
    expect(wrong.json()).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Неверный email или пароль',
    });
  });
});
