import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_SANDBOX, payWithCard, purchase, waitStatus } from '../payments/payments-test-kit.ts';
import {
  bearer,
  createAdminTestApp,
  createChat,
  onboardedUser,
  refreshCookie,
  signUp,
  uniqueEmail,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  // The real default: an unconfirmed account can chat but cannot buy.
  ({ t, admin } = await createAdminTestApp({ ...FAST_SANDBOX, UNVERIFIED_CAN_BUY: 'false' }));
});
afterAll(async () => t.close());

/** The newest link of `kind` the outbox holds for `to` (what the person would click). */
async function linkFor(to: string, kind: string): Promise<string> {
  const mails = (await t.app.ctx.services.mail.outboxFor(to)).filter((m) => m.kind === kind);
  mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const link = mails[0]?.body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no ${kind} mail for ${to}`);
  return link;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
const user = async (s: Session) =>
  (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(s) })).json<{
    user: { email: string; emailVerified: boolean; tokens: number };
  }>().user;

async function verified(s: Session): Promise<void> {
  const res = await confirm(tokenOf(await linkFor(s.email, 'email_verification')));
  expect(res.statusCode, res.body).toBe(200);
}

describe('email verification', () => {
  it('sends a link at sign-up; an unconfirmed account chats but cannot buy (403 EMAIL_NOT_VERIFIED) until the link is opened', async () => {
    const s = await onboardedUser(t.app);
    expect((await user(s)).emailVerified).toBe(false);
    const link = await linkFor(s.email, 'email_verification');
    expect(link).toMatch(/\/account\/verify\?token=/);

    await createChat(t.app, s);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payment/purchase',
      headers: bearer(s),
      payload: { packId: 'pack-s' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'EMAIL_NOT_VERIFIED' });
    // In the reader's language.
    await t.app.inject({
      method: 'POST',
      url: '/api/user/language',
      headers: bearer(s),
      payload: { language: 'ru' },
    });
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscribe',
      headers: bearer(s),
      payload: { planId: 'plan-monthly' },
    });
    expect(sub.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringContaining('почты'),
    });

    const ok = await confirm(tokenOf(link));
    expect(ok.json()).toEqual({ kind: 'verify', email: s.email });
    expect((await user(s)).emailVerified).toBe(true);
    await purchase(t, s, 'pack-s');
    // A link works once.
    expect((await confirm(tokenOf(link))).json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
    });
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
  });

  it('resends at most once a minute, and not for a confirmed address', async () => {
    const s = await signUp(t.app);
    const resend = () =>
      t.app.inject({ method: 'POST', url: '/api/account/verify-email/resend', headers: bearer(s) });
    // The sign-up mail was sent a moment ago.
    const early = await resend();
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('RATE_LIMITED');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    await verified(s);
    expect((await resend()).json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
  });

  it('follows the operator: chatting can be closed to unconfirmed accounts (support stays open), buying opened', async () => {
    const s = await onboardedUser(t.app);
    const put = (unverified: { canChat: boolean; canBuy: boolean }) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/account-settings',
        headers: bearer(admin),
        payload: { unverified },
      });
    expect((await put({ canChat: false, canBuy: true })).statusCode).toBe(200);
    try {
      const bots = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json<{
        data: { _id: string }[];
      }>();
      const open = await t.app.inject({
        method: 'POST',
        url: '/api/chat',
        headers: bearer(s),
        payload: { botId: bots.data[1]!._id },
      });
      expect(open.json().code).toBe('EMAIL_NOT_VERIFIED');
      const support = await t.app.inject({ method: 'POST', url: '/api/chat/support', headers: bearer(s) });
      const supportId = support.json<{ support: { _id: string } }>().support._id;
      const send = await t.app.inject({
        method: 'POST',
        url: `/api/chat/send/${supportId}`,
        headers: bearer(s),
        payload: { message: { message: 'Hello support' }, type: 'text' },
      });
      expect(send.statusCode, send.body).toBe(200);
      await purchase(t, s, 'pack-s');
      // A user cannot change the policy.
      const notAdmin = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/account-settings',
        headers: bearer(s),
        payload: { unverified: { canChat: true, canBuy: true } },
      });
      expect(notAdmin.statusCode).toBe(403);
    } finally {
      expect((await put({ canChat: true, canBuy: false })).statusCode).toBe(200);
    }
  });
});

describe('change password and email', () => {
  it('needs the current password and ends every other session, keeping this one', async () => {
    const s = await signUp(t.app, uniqueEmail(), 'old password one');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: s.email, password: 'old password one' },
    });
    const otherSession = {
      token: other.json().accessToken as string,
      cookie: refreshCookie(other.headers['set-cookie']),
    };
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: bearer(s),
        payload: { currentPassword, newPassword },
      });
    expect((await change('wrong password', 'new password two')).json()).toMatchObject({ code: 'FORBIDDEN' });
    const ok = await change('old password one', 'new password two');
    expect(ok.statusCode, ok.body).toBe(200);
    const fresh = { token: ok.json().accessToken as string };
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(fresh) })).statusCode).toBe(
      200,
    );
    // The other device: its access token and its refresh cookie are dead.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(otherSession) })).statusCode,
    ).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: otherSession.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    // This device's new cookie works.
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: refreshCookie(ok.headers['set-cookie']) },
    });
    expect(mine.statusCode).toBe(200);
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: s.email, password } });
    expect((await signIn('old password one')).statusCode).toBe(401);
    expect((await signIn('new password two')).statusCode).toBe(200);
  });

  it('changes the email only once the new address opened its link', async () => {
    const s = await signUp(t.app, uniqueEmail(), 'some password 1');
    await verified(s);
    const taken = await signUp(t.app);
    const request = (newEmail: string, currentPassword = 'some password 1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/email',
        headers: bearer(s),
        payload: { newEmail, currentPassword },
      });
    expect((await request(taken.email)).json().code).toBe('EMAIL_TAKEN');
    expect((await request(uniqueEmail(), 'nope')).json().code).toBe('FORBIDDEN');
    expect((await request(s.email)).statusCode).toBe(400);
    const next = uniqueEmail('new');
    expect((await request(next)).statusCode).toBe(202);
    // Nothing changed yet: the old address still signs in.
    expect((await user(s)).email).toBe(s.email);
    const link = await linkFor(next, 'email_change');
    const ok = await confirm(tokenOf(link));
    expect(ok.json()).toEqual({ kind: 'email_change', email: next });
    expect(await user(s)).toMatchObject({ email: next, emailVerified: true });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: next, password: 'some password 1' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('my data', () => {
  it('exports the profile, chats, messages, payments and ledger; deletes one chat and keeps the balance', async () => {
    const s = await onboardedUser(t.app);
    await verified(s);
    const chat = await createChat(t.app, s);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chat._id}`,
      headers: bearer(s),
      payload: { message: { message: 'Hello there' }, type: 'text' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { paymentId, checkoutUrl } = await purchase(t, s, 'pack-s');
    await payWithCard(t, checkoutUrl, '4242424242424242');
    await waitStatus(t, s, paymentId, 'success');

    const exp = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(s) });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-disposition']).toMatch(/attachment; filename="amora-data-/);
    const data = exp.json();
    expect(data.profile).toMatchObject({ id: s.userId, email: s.email, name: 'Alex' });
    expect(data.chats.map((c: { id: string }) => c.id)).toContain(chat._id);
    expect(data.messages.some((m: { text: string }) => m.text === 'Hello there')).toBe(true);
    expect(data.payments).toEqual([expect.objectContaining({ id: paymentId, status: 'success' })]);
    const balance = (await user(s)).tokens;
    expect(data.ledger.at(-1).balanceAfter).toBe(balance);
    expect(JSON.stringify(data)).not.toMatch(/password|argon/i);

    // Someone else cannot delete it.
    const stranger = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/chat/${chat._id}`,
      headers: bearer(stranger),
    });
    expect(foreign.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: `/api/chat/${chat._id}`, headers: bearer(s) });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/chat/${chat._id}`, headers: bearer(s) });
    expect(del.statusCode, del.body).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/chat/${chat._id}`, headers: bearer(s) })).statusCode,
    ).toBe(404);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(s) })
    ).json();
    expect(after.messages.some((m: { chatId: string }) => m.chatId === chat._id)).toBe(false);
    expect((await user(s)).tokens).toBe(balance);
    expect(after.ledger).toEqual(data.ledger);

    const support = await t.app.inject({ method: 'POST', url: '/api/chat/support', headers: bearer(s) });
    const supportId = support.json().support._id as string;
    const noSupport = await t.app.inject({
      method: 'DELETE',
      url: `/api/chat/${supportId}`,
      headers: bearer(s),
    });
    expect(noSupport.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });
});

describe('receipts', () => {
  it('has a receipt for each completed payment, with the registration number and billing descriptor the operator set', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/account-settings',
      headers: bearer(admin),
      payload: {
        receipt: {
          companyName: 'Amora Test Ltd',
          registrationNumber: 'HE 123456',
          billingDescriptor: 'AMORA*CHAT',
          address: '1 Test Street, Nicosia',
        },
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const s = await onboardedUser(t.app);
    await verified(s);
    const { paymentId, checkoutUrl } = await purchase(t, s, 'pack-s');
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/payment/receipts/${paymentId}`,
      headers: bearer(s),
    });
    expect(pending.statusCode).toBe(404);
    await payWithCard(t, checkoutUrl, '4242424242424242');
    await waitStatus(t, s, paymentId, 'success');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/payment/receipts/${paymentId}`,
      headers: bearer(s),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: paymentId,
      status: 'success',
      type: 'purchase',
      customerEmail: s.email,
      cardLast4: '4242',
      issuer: {
        companyName: 'Amora Test Ltd',
        registrationNumber: 'HE 123456',
        billingDescriptor: 'AMORA*CHAT',
      },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/payment/receipts', headers: bearer(s) });
    expect(list.json().data.map((r: { _id: string }) => r._id)).toEqual([paymentId]);
    const stranger = await signUp(t.app);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/payment/receipts/${paymentId}`,
      headers: bearer(stranger),
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('terms and privacy', () => {
  it('serves the default Markdown in English and Russian, and the text the operator sets', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/legal/terms' });
    expect(en.json()).toMatchObject({ doc: 'terms', language: 'en', custom: false });
    expect(en.json().markdown).toMatch(/^# Terms of Service/);
    const ru = await t.app.inject({ method: 'GET', url: '/api/legal/privacy?language=ru' });
    expect(ru.json().markdown).toMatch(/^# Политика конфиденциальности/);
    expect((await t.app.inject({ method: 'GET', url: '/api/legal/cookies' })).statusCode).toBe(400);

    const put = (markdown: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/legal/terms',
        headers: bearer(admin),
        payload: { language: 'en', markdown },
      });
    expect((await put('# Our terms\n\nBe nice.')).json()).toMatchObject({ custom: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/legal/terms' })).json().markdown).toBe(
      '# Our terms\n\nBe nice.',
    );
    // Russian keeps its default; null restores the English default.
    expect((await t.app.inject({ method: 'GET', url: '/api/legal/terms?language=ru' })).json().custom).toBe(
      false,
    );
    expect((await put(null)).json()).toMatchObject({ custom: false });
    const user = await signUp(t.app);
    const notAdmin = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/legal/terms',
      headers: bearer(user),
      payload: { language: 'en', markdown: 'x' },
    });
    expect(notAdmin.statusCode).toBe(403);
  });
});

describe('reports', () => {
  it('reports a message or a character; the operator lists them and sets their status', async () => {
    const s = await onboardedUser(t.app);
    const chat = await createChat(t.app, s);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chat._id}`,
      headers: bearer(s),
      payload: { message: { message: 'Please report this message' }, type: 'text' },
    });
    const messageId = sent.json().message._id as string;
    const report = (payload: Record<string, unknown>, who: Session = s) =>
      t.app.inject({ method: 'POST', url: '/api/reports', headers: bearer(who), payload });
    const r1 = await report({
      targetType: 'message',
      targetId: messageId,
      reason: 'harassment',
      text: 'Rude',
    });
    expect(r1.statusCode, r1.body).toBe(201);
    const bots = (await t.app.inject({ method: 'GET', url: '/api/bots' })).json<{
      data: { _id: string }[];
    }>();
    expect(
      (await report({ targetType: 'bot', targetId: bots.data[0]!._id, reason: 'other' })).statusCode,
    ).toBe(201);
    expect(
      (await report({ targetType: 'message', targetId: messageId, reason: 'nonsense' })).statusCode,
    ).toBe(400);
    // Someone else's message is not found.
    const stranger = await signUp(t.app);
    expect(
      (await report({ targetType: 'message', targetId: messageId, reason: 'spam' }, stranger)).statusCode,
    ).toBe(404);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=open',
      headers: bearer(admin),
    });
    const mine = list.json().data.filter((r: { userId: string }) => r.userId === s.userId);
    expect(mine).toHaveLength(2);
    expect(mine.find((r: { targetType: string }) => r.targetType === 'message')).toMatchObject({
      excerpt: 'Please report this message',
      text: 'Rude',
      reason: 'harassment',
      chatId: chat._id,
      userEmail: s.email,
      status: 'open',
    });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/reports/${r1.json()._id}`,
      headers: bearer(admin),
      payload: { status: 'reviewed' },
    });
    expect(patch.json()).toMatchObject({ status: 'reviewed' });
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reports?status=open',
      headers: bearer(admin),
    });
    expect(open.json().data.some((r: { _id: string }) => r._id === r1.json()._id)).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: bearer(s) })).statusCode,
    ).toBe(403);
  });
});

describe('the operator outbox', () => {
  it('lists recent emails with their links when there is no SMTP_URL', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().smtp).toBe(false);
    const mail = res.json().data.find((m: { to: string }) => m.to === s.email);
    expect(mail).toMatchObject({ kind: 'email_verification' });
    expect(mail.links[0]).toMatch(/\/account\/verify\?token=/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer(s) })).statusCode,
    ).toBe(403);
  });
});
