import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KpiResponse, PartnerStatsResponse } from '@amora/shared/insights.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { messages } from '../../db/schema/chats.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  createAdminTestApp,
  createChat,
  eventually,
  onboardedUser,
  signUp,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import {
  FAST_SANDBOX,
  payWithCard,
  purchase,
  subscribeAndPay,
  waitStatus,
} from '../payments/payments-test-kit.ts';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('the operator’s numbers and the partner role (issue 12 item 7)', () => {
  let t: TestApp;
  let admin: Session;
  // A range around today, so a run across midnight (UTC) still holds every row.
  const from = iso(Date.now() - DAY);
  const to = iso(Date.now() + DAY);
  const people: Record<string, Session> = {};

  const inject = (url: string, s: Session) => t.app.inject({ method: 'GET', url, headers: bearer(s) });
  const setUtm = (s: Session, utmSource: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/utm', headers: bearer(s), payload: { utmSource } });
  const buy = async (s: Session, packId: string) => {
    const c = await purchase(t, s, packId);
    expect((await payWithCard(t, c.checkoutUrl, '4242424242424242')).statusCode).toBe(303);
    await waitStatus(t, s, c.paymentId, 'success');
    return c.paymentId;
  };
  const sendAndWait = async (s: Session, chatId: string, text: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/send/${chatId}`,
      headers: bearer(s),
      payload: { message: { message: text }, type: 'text' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () => {
      const c = (await inject(`/api/chat/${chatId}`, s)).json<{
        data: { locked: boolean; messages: { self: boolean }[] };
      }>().data;
      return !c.locked && c.messages.at(-1)?.self === false;
    }, 400);
  };

  beforeAll(async () => {
    ({ t, admin } = await createAdminTestApp({ ...FAST_SANDBOX }));
    // Varied traffic through the real services: a partner's sign-ups (by utm_source and by
    // affiliate_platform), organic ones, pack purchases, a refund, a subscription, chats and messages.
    people.partnerBuyer = await onboardedUser(t.app, 'Pat');
    expect((await setUtm(people.partnerBuyer, 'partner-a')).statusCode).toBe(200);
    people.partnerIdle = await signUp(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ affiliatePlatform: 'partner-a' })
      .where(eq(users.id, people.partnerIdle.userId));
    people.otherSource = await onboardedUser(t.app, 'Olga');
    expect((await setUtm(people.otherSource, 'partner-b')).statusCode).toBe(200);
    people.subscriber = await onboardedUser(t.app, 'Sam');
    people.partner = await signUp(t.app);

    await buy(people.partnerBuyer, 'pack-m');
    await buy(people.partnerBuyer, 'pack-s');
    const refunded = await buy(people.otherSource, 'pack-l');
    await t.app.ctx.services.payments.refund(refunded);
    await waitStatus(t, people.otherSource, refunded, 'refunded');
    await subscribeAndPay(t, people.subscriber, 'plan-monthly');
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers: bearer(people.subscriber),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const chatA = await createChat(t.app, people.partnerBuyer, { botIndex: 1 });
    await sendAndWait(people.partnerBuyer, chatA._id, 'Hi there, how are you?');
    await sendAndWait(people.partnerBuyer, chatA._id, 'Tell me about your day');
    const chatB = await createChat(t.app, people.subscriber, { botIndex: 2 });
    await sendAndWait(people.subscriber, chatB._id, 'Hello!');
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports figures equal to sums straight from the ledger, payments, users and messages tables', async () => {
    const res = await inject(`/api/admin/kpis?from=${from}&to=${to}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const k = res.json<KpiResponse>();
    expect(k.series.map((d) => d.day)).toEqual([from, iso(Date.now()), to]);

    // Straight from the tables, in JavaScript.
    const db = t.app.ctx.db;
    const allUsers = await db.select().from(users);
    const ledger = await db.select().from(ledgerEntries);
    const pays = await db.select().from(payments);
    const msgs = await db.select().from(messages);
    const credited = pays.filter((p) => ledger.some((l) => l.idempotencyKey === `payment:${p.id}:credit`));
    const reversedPays = pays.filter((p) =>
      ledger.some((l) => l.idempotencyKey === `payment:${p.id}:reversal`),
    );

    expect(k.totals.signups).toBe(allUsers.length);
    expect(k.totals.payingUsers).toBe(new Set(credited.map((p) => p.userId)).size);
    expect(k.totals.payingUsers).toBe(3);
    expect(k.totals.firstPayments).toBe(3);
    expect(k.totals.conversion).toBeCloseTo(3 / allUsers.length, 10);
    const revenue = new Map<string, number>();
    for (const p of credited)
      revenue.set(
        `${p.provider}/${p.currency}`,
        (revenue.get(`${p.provider}/${p.currency}`) ?? 0) + p.amount,
      );
    expect(
      Object.fromEntries(k.totals.revenue.map((r) => [`${r.provider}/${r.currency}`, r.amount])),
    ).toEqual(Object.fromEntries(revenue));
    expect(k.totals.revenue.reduce((s, r) => s + r.payments, 0)).toBe(credited.length);
    expect(k.revenue.reduce((s, r) => s + r.amount, 0)).toBe(credited.reduce((s, p) => s + p.amount, 0));

    expect(k.totals.refunds).toBe(reversedPays.filter((p) => p.status === 'refunded').length);
    expect(k.totals.refunds).toBe(1);
    expect(k.totals.chargebacks).toBe(0);
    expect(k.totals.reversed).toEqual([
      { currency: reversedPays[0]!.currency, amount: reversedPays[0]!.amount },
    ]);

    // Tokens by reason: every ledger entry, credited and debited.
    const byReason = new Map<string, { credited: number; debited: number }>();
    for (const l of ledger) {
      const r = byReason.get(l.reason) ?? { credited: 0, debited: 0 };
      if (l.delta > 0) r.credited += l.delta;
      else r.debited -= l.delta;
      byReason.set(l.reason, r);
    }
    const kpiByReason = new Map<string, { credited: number; debited: number }>();
    for (const x of k.tokens) {
      const r = kpiByReason.get(x.reason) ?? { credited: 0, debited: 0 };
      r.credited += x.credited;
      r.debited += x.debited;
      kpiByReason.set(x.reason, r);
    }
    expect(Object.fromEntries(kpiByReason)).toEqual(Object.fromEntries(byReason));
    const sum = (pred: (l: (typeof ledger)[number]) => boolean) =>
      ledger.filter(pred).reduce((s, l) => s + Math.abs(l.delta), 0);
    expect(k.totals.tokensBought).toBe(
      sum((l) => l.delta > 0 && ['purchase', 'subscription'].includes(l.reason)),
    );
    expect(k.totals.tokensSpent).toBe(
      sum((l) => l.delta < 0 && !['refund', 'chargeback', 'account_deleted'].includes(l.reason)),
    );
    expect(k.totals.tokensGranted).toBe(
      sum(
        (l) =>
          l.delta > 0 &&
          !['purchase', 'subscription', 'refund', 'chargeback', 'account_deleted'].includes(l.reason),
      ),
    );
    expect(k.totals.tokensSpent).toBeGreaterThan(0);

    expect(k.totals.messages).toBe(msgs.filter((m) => m.self).length);
    expect(k.totals.messages).toBe(3);
    expect(k.totals.replies).toBe(msgs.filter((m) => !m.self).length);
    expect(k.totals.activeUsers).toBe(new Set(msgs.filter((m) => m.self).map((m) => m.userId)).size);
    expect(k.totals.subscriptionsStarted).toBe(1);
    expect(k.totals.subscriptionsRenewed).toBe(0);
    expect(k.totals.subscriptionsCancelled).toBe(1);

    // ARPU and ARPPU from the same revenue.
    const usd = credited
      .filter((p) => p.currency === k.totals.arpu[0]!.currency)
      .reduce((s, p) => s + p.amount, 0);
    expect(k.totals.arpu[0]!.value).toBe(Math.round(usd / k.totals.activeUsers));
    expect(k.totals.arppu[0]!.value).toBe(Math.round(usd / k.totals.payingUsers));

    // The daily series add up to the totals.
    for (const key of [
      'signups',
      'firstPayments',
      'messages',
      'tokensBought',
      'tokensSpent',
      'refunds',
    ] as const)
      expect(
        k.series.reduce((s, d) => s + d[key], 0),
        key,
      ).toBe(k.totals[key]);

    // Top characters: her by the most messages first, and the tokens spent with her.
    expect(k.topCharacters.byMessages[0]).toMatchObject({ messages: 2 });
    expect(k.topCharacters.byMessages.reduce((s, c) => s + c.messages, 0)).toBe(3);
    expect(k.topCharacters.byRevenue.length).toBeGreaterThan(0);
  });

  it('is empty for a range with no activity', async () => {
    const k = (await inject('/api/admin/kpis?from=2020-01-01&to=2020-01-31', admin)).json<KpiResponse>();
    expect(k.series).toHaveLength(31);
    expect(k.totals.signups).toBe(0);
    expect(k.revenue).toEqual([]);
  });

  it('validates the range and is for the operator only', async () => {
    for (const q of [
      'from=2026-02-10&to=2026-02-01',
      'from=2024-01-01&to=2025-12-31',
      'from=yesterday&to=2026-01-01',
      'from=2026-01-01',
    ])
      expect((await inject(`/api/admin/kpis?${q}`, admin)).statusCode, q).toBe(400);
    expect((await inject(`/api/admin/kpis?from=2025-01-01&to=2026-01-01`, admin)).statusCode).toBe(200);
    expect((await inject(`/api/admin/kpis?from=${from}&to=${to}`, people.subscriber!)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/kpis?from=${from}&to=${to}` })).statusCode,
    ).toBe(401);
  });

  it('lets the operator make a partner who sees only the traffic of its own source', async () => {
    const partner = people.partner!;
    const setRole = (id: string, payload: object, as: Session = admin) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}/role`, headers: bearer(as), payload });
    const stats = () => inject(`/api/partner/stats?from=${from}&to=${to}`, partner);

    expect((await stats()).statusCode).toBe(403);
    expect((await setRole(partner.userId, { role: 'partner' })).statusCode).toBe(400);
    expect(
      (await setRole(partner.userId, { role: 'partner', partnerSource: 'x' }, people.subscriber)).statusCode,
    ).toBe(403);
    expect((await setRole(admin.userId, { role: 'user' })).statusCode).toBe(403);
    const made = await setRole(partner.userId, { role: 'partner', partnerSource: 'partner-a' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({
      user: { _id: partner.userId, role: 'partner', partnerSource: 'partner-a' },
    });

    const res = await stats();
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<PartnerStatsResponse>();
    expect(s.source).toBe('partner-a');
    // Two sign-ups are theirs (utm_source and affiliate_platform); the buyer paid twice.
    expect(s.totals.signups).toBe(2);
    expect(s.totals.firstPayments).toBe(1);
    expect(s.totals.payments).toBe(2);
    const pays = await t.app.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.userId, people.partnerBuyer!.userId));
    expect(s.totals.revenue).toEqual([
      {
        currency: pays[0]!.currency,
        amount: pays.filter((p) => p.status === 'success').reduce((x, p) => x + p.amount, 0),
      },
    ]);
    // The other source's refunded purchase and the subscriber are not theirs.
    expect(s.series.reduce((x, d) => x + d.signups, 0)).toBe(2);

    // A partner is no operator; and once the role is taken back, the stats are closed.
    expect((await inject(`/api/admin/kpis?from=${from}&to=${to}`, partner)).statusCode).toBe(403);
    expect((await inject(`/api/partner/stats?from=${from}&to=${to}`, admin)).statusCode).toBe(403);
    expect((await setRole(partner.userId, { role: 'user' })).json()).toEqual({
      user: { _id: partner.userId, role: 'user', partnerSource: null },
    });
    expect((await stats()).statusCode).toBe(403);
    expect((await setRole('no-such-user', { role: 'user' })).statusCode).toBe(404);
  });
});
