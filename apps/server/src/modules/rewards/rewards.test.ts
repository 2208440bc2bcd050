import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { ledgerProblems } from '../../test/ledger-check.ts';
import {
  bearer,
  createTestApp,
  signUp,
  TEST_ADMIN,
  type Session,
  type TestApp,
} from '../../test/test-app.ts';
import * as kit from '../payments/payments-test-kit.ts';
import { dailyKey, taskKey } from './rewards.service.ts';
import { referralKey, referralReversalKey } from './referrals.service.ts';
import quizSeed from './seed/quiz.json' with { type: 'json' };
import settingsSeed from './seed/reward-settings.json' with { type: 'json' };

/** The rewards' clock: tests move it by hand, nothing waits. */
let now = new Date('2026-03-10T12:00:00.000Z');
const DAY = 86_400_000;
const advance = (ms: number) => (now = new Date(now.getTime() + ms));

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp(
    { ...kit.FAST_SANDBOX, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password },
    { clock: () => now },
  );
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: TEST_ADMIN });
  const body = res.json<{ accessToken: string; user: { _id: string } }>();
  admin = { token: body.accessToken, userId: body.user._id, cookie: '', email: TEST_ADMIN.email };
});
afterAll(async () => t.close());

const balance = (userId: string) => kit.balance(t, userId);
const call = (
  s: Session | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    ...(s ? { headers: bearer(s) } : {}),
    ...(payload === undefined ? {} : { payload }),
  });
const entriesByKey = async (key: string) =>
  t.app.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key));

type Task = { actionName: string; status: string; tokens: number; url?: string };
const taskOf = async (s: Session, action: string): Promise<Task> =>
  (await call(s, 'GET', '/api/tokenRewards'))
    .json<{ tasks: Task[] }>()
    .tasks.find((x) => x.actionName === action)!;

async function saveSettings(patch: (s: typeof settingsSeed) => void): Promise<void> {
  const value = structuredClone(settingsSeed);
  patch(value);
  const res = await call(admin, 'PUT', '/api/admin/rewards/settings', value);
  expect(res.statusCode, res.body).toBe(200);
}

describe('daily rewards', () => {
  it('claims once per UTC day, grows the streak on the next day and resets it after a missed day', async () => {
    now = new Date('2026-03-10T23:59:00.000Z');
    const s = await signUp(t.app);
    const daily = settingsSeed.daily;

    const before = (await call(s, 'GET', '/api/tokenRewards/daily')).json();
    expect(before).toMatchObject({
      claimedToday: false,
      streak: 0,
      nextDay: 1,
      nextClaimAt: now.toISOString(),
    });
    expect(before.days).toHaveLength(daily.length);
    expect(before.days[0]).toEqual({ day: 1, tokens: daily[0], claimed: false });

    const first = await call(s, 'POST', '/api/tokenRewards/daily/claim');
    expect(first.json()).toEqual({ tokens: daily[0], day: 1, updatedTokens: 500 + daily[0]! });
    const again = await call(s, 'POST', '/api/tokenRewards/daily/claim');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT' });

    const after = (await call(s, 'GET', '/api/tokenRewards/daily')).json();
    expect(after).toMatchObject({
      claimedToday: true,
      streak: 1,
      nextDay: 2,
      nextClaimAt: '2026-03-11T00:00:00.000Z',
    });
    expect(after.days.map((d: { claimed: boolean }) => d.claimed).slice(0, 2)).toEqual([true, false]);

    // One minute later it is another UTC day: the streak goes on.
    advance(60_000);
    const second = (await call(s, 'POST', '/api/tokenRewards/daily/claim')).json();
    expect(second).toMatchObject({ tokens: daily[1], day: 2 });
    expect((await call(s, 'GET', '/api/tokenRewards/daily')).json()).toMatchObject({ streak: 2, nextDay: 3 });

    // A whole day missed: the calendar starts over at day 1.
    advance(2 * DAY);
    const reset = (await call(s, 'GET', '/api/tokenRewards/daily')).json();
    expect(reset).toMatchObject({ streak: 0, nextDay: 1, claimedToday: false });
    expect(reset.days.every((d: { claimed: boolean }) => !d.claimed)).toBe(true);
    expect((await call(s, 'POST', '/api/tokenRewards/daily/claim')).json()).toMatchObject({
      tokens: daily[0],
      day: 1,
    });

    expect(await balance(s.userId)).toBe(500 + daily[0]! + daily[1]! + daily[0]!);
    expect(await t.app.ctx.services.ledger.sum(s.userId)).toBe(await balance(s.userId));
  });

  it('20 parallel claims credit once', async () => {
    advance(DAY);
    const s = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(s, 'POST', '/api/tokenRewards/daily/claim')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const day = now.toISOString().slice(0, 10);
    expect(await entriesByKey(dailyKey(s.userId, day))).toHaveLength(1);
    expect(await balance(s.userId)).toBe(500 + settingsSeed.daily[0]!);
    expect(await t.app.ctx.services.ledger.sum(s.userId)).toBe(500 + settingsSeed.daily[0]!);
    expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
  });

  it('uses the amounts the operator sets, and starts over after the last day', async () => {
    await saveSettings((v) => (v.daily = [5, 7]));
    const s = await signUp(t.app);
    const got: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      advance(DAY);
      got.push((await call(s, 'POST', '/api/tokenRewards/daily/claim')).json());
    }
    expect(got).toMatchObject([
      { tokens: 5, day: 1 },
      { tokens: 7, day: 2 },
      { tokens: 5, day: 1 },
    ]);
    expect((await call(s, 'GET', '/api/tokenRewards/daily')).json()).toMatchObject({ streak: 3, nextDay: 2 });
    await saveSettings(() => undefined);
  });

  it('refuses guests and banned users', async () => {
    expect((await call(null, 'POST', '/api/tokenRewards/daily/claim')).statusCode).toBe(401);
    const s = await signUp(t.app);
    await t.app.ctx.services.users.setBan(s.userId, 'spam');
    const res = await call(s, 'POST', '/api/tokenRewards/daily/claim');
    expect(res.statusCode).toBe(403);
    expect(await balance(s.userId)).toBe(500);
  });
});

const rightAnswers = () => quizSeed.questions.map((q) => ({ id: q.id, answer: q.answer }));

describe('tasks and the quiz', () => {
  it('lists every task with its state, link and tokens', async () => {
    const s = await signUp(t.app);
    const tasks = (await call(s, 'GET', '/api/tokenRewards')).json<{ tasks: Task[] }>().tasks;
    expect(tasks.map((x) => x.actionName)).toEqual(['quiz', 'x', 'instagram', 'discord', 'medium', 'invite']);
    expect(tasks.every((x) => x.status === 'available')).toBe(true);
    expect(tasks.find((x) => x.actionName === 'x')).toEqual({
      actionName: 'x',
      status: 'available',
      tokens: settingsSeed.tasks.x.tokens,
      url: settingsSeed.tasks.x.url,
    });
    expect(tasks.find((x) => x.actionName === 'invite')!.tokens).toBe(settingsSeed.referralTokens);
  });

  it('quiz: answers checked by the server, then verification by the operator, then one claim', async () => {
    const s = await signUp(t.app);
    const quiz = (await call(s, 'GET', '/api/tokenRewards/quiz')).json();
    expect(quiz.questions).toHaveLength(quizSeed.questions.length);
    expect(JSON.stringify(quiz)).not.toContain('"answer"');

    const wrong = rightAnswers().map((a, i) => (i === 0 ? { ...a, answer: (a.answer + 1) % 3 } : a));
    const failed = (await call(s, 'POST', '/api/tokenRewards/quiz', { answers: wrong })).json();
    expect(failed).toMatchObject({
      passed: false,
      correct: quizSeed.questions.length - 1,
      task: { status: 'available' },
    });

    // Step 1 done: the quiz waits for verification and cannot be claimed or started again.
    const passed = (await call(s, 'POST', '/api/tokenRewards/quiz', { answers: rightAnswers() })).json();
    expect(passed).toMatchObject({ passed: true, task: { actionName: 'quiz', status: 'pending' } });
    expect((await call(s, 'POST', '/api/tokenRewards/quiz', { answers: rightAnswers() })).statusCode).toBe(
      409,
    );
    expect((await call(s, 'PUT', '/api/tokenRewards/updateTokens', { actionName: 'quiz' })).statusCode).toBe(
      403,
    );
    expect(
      (await call(s, 'PUT', '/api/tokenRewards/changeStatus', { actionName: 'quiz', status: 'pending' }))
        .statusCode,
    ).toBe(400);

    // Step 2: the operator verifies it in the console.
    const pending = (await call(admin, 'GET', '/api/admin/rewards/pending')).json<{
      data: { _id: string; userId: string; actionName: string }[];
    }>().data;
    const mine = pending.find((p) => p.userId === s.userId && p.actionName === 'quiz')!;
    expect(mine).toBeTruthy();
    expect((await call(admin, 'POST', `/api/admin/rewards/tasks/${mine._id}/verify`)).statusCode).toBe(200);
    expect((await call(admin, 'POST', `/api/admin/rewards/tasks/${mine._id}/verify`)).statusCode).toBe(409);
    expect((await taskOf(s, 'quiz')).status).toBe('verified');

    // Claimed once, even with a double click.
    const claims = await Promise.all([
      call(s, 'PUT', '/api/tokenRewards/updateTokens', { actionName: 'quiz' }),
      call(s, 'PUT', '/api/tokenRewards/updateTokens', { actionName: 'quiz' }),
    ]);
    expect(claims.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ok = claims.find((r) => r.statusCode === 200)!.json();
    expect(ok).toEqual({
      tokens: settingsSeed.tasks.quiz.tokens,
      updatedTokens: 500 + settingsSeed.tasks.quiz.tokens,
    });
    expect((await taskOf(s, 'quiz')).status).toBe('claimed');
    expect(await entriesByKey(taskKey(s.userId, 'quiz'))).toHaveLength(1);
    expect(await balance(s.userId)).toBe(500 + settingsSeed.tasks.quiz.tokens);
  });

  it('a social task opened goes pending, is verified after the operator-set delay, and is claimed once', async () => {
    const s = await signUp(t.app);
    const opened = await call(s, 'PUT', '/api/tokenRewards/changeStatus', {
      actionName: 'x',
      status: 'pending',
    });
    expect(opened.json()).toMatchObject({ actionName: 'x', status: 'pending' });
    expect(
      (await call(s, 'PUT', '/api/tokenRewards/changeStatus', { actionName: 'x', status: 'pending' }))
        .statusCode,
    ).toBe(409);

    advance((settingsSeed.tasks.x.autoVerifySeconds - 1) * 1000);
    expect((await taskOf(s, 'x')).status).toBe('pending');
    advance(1000);
    expect((await taskOf(s, 'x')).status).toBe('verified');

    const claims = await Promise.all(
      Array.from({ length: 5 }, () => call(s, 'PUT', '/api/tokenRewards/updateTokens', { actionName: 'x' })),
    );
    expect(claims.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await entriesByKey(taskKey(s.userId, 'x'))).toHaveLength(1);
    expect(await balance(s.userId)).toBe(500 + settingsSeed.tasks.x.tokens);
    expect(
      (await call(s, 'PUT', '/api/tokenRewards/changeStatus', { actionName: 'x', status: 'pending' }))
        .statusCode,
    ).toBe(409);
  });

  it('the operator can reject a pending task; the user may try again; a zero delay verifies at once', async () => {
    const s = await signUp(t.app);
    await call(s, 'PUT', '/api/tokenRewards/changeStatus', { actionName: 'discord', status: 'pending' });
    const row = (await call(admin, 'GET', '/api/admin/rewards/pending'))
      .json<{
        data: { _id: string; userId: string; actionName: string }[];
      }>()
      .data.find((p) => p.userId === s.userId)!;
    expect((await call(admin, 'POST', `/api/admin/rewards/tasks/${row._id}/reject`)).statusCode).toBe(200);
    expect((await taskOf(s, 'discord')).status).toBe('rejected');
    expect(
      (await call(s, 'PUT', '/api/tokenRewards/updateTokens', { actionName: 'discord' })).statusCode,
    ).toBe(403);

    await saveSettings((v) => (v.tasks.discord.autoVerifySeconds = 0));
    await call(s, 'PUT', '/api/tokenRewards/changeStatus', { actionName: 'discord', status: 'pending' });
    expect((await taskOf(s, 'discord')).status).toBe('verified');
    expect(
      (await call(s, 'PUT', '/api/tokenRewards/updateTokens', { actionName: 'discord' })).statusCode,
    ).toBe(200);

    // A task switched off is hidden and refused.
    await saveSettings((v) => (v.tasks.medium.enabled = false));
    expect(await taskOf(s, 'medium')).toBeUndefined();
    expect(
      (await call(s, 'PUT', '/api/tokenRewards/changeStatus', { actionName: 'medium', status: 'pending' }))
        .statusCode,
    ).toBe(403);
    await saveSettings(() => undefined);
  });

  it('the operator edits the quiz questions; users never see the answers', async () => {
    const edited = {
      questions: [
        {
          id: 'only',
          question: { en: 'Pick B', ru: 'Выберите Б' },
          options: [
            { en: 'A', ru: 'А' },
            { en: 'B', ru: 'Б' },
          ],
          answer: 1,
        },
      ],
    };
    expect((await call(admin, 'PUT', '/api/admin/rewards/quiz', edited)).statusCode).toBe(200);
    const s = await signUp(t.app);
    expect((await call(s, 'GET', '/api/tokenRewards/quiz')).json()).toEqual({
      questions: [
        { id: 'only', question: edited.questions[0]!.question, options: edited.questions[0]!.options },
      ],
    });
    expect(
      (await call(s, 'POST', '/api/tokenRewards/quiz', { answers: [{ id: 'only', answer: 1 }] })).json(),
    ).toMatchObject({
      passed: true,
    });
    expect((await call(admin, 'PUT', '/api/admin/rewards/quiz', quizSeed)).statusCode).toBe(200);
  });
});

describe('referrals', () => {
  it('credits the inviter once on the first payment and takes it back on refund', async () => {
    const inviter = await signUp(t.app);
    const ref = (await call(inviter, 'GET', '/api/tokenRewards/referral')).json();
    expect(ref).toMatchObject({ tokensEarned: 0, invited: [], referralTokens: settingsSeed.referralTokens });
    expect(ref.code).toMatch(/^[A-Z0-9]{8}$/);
    expect((await call(inviter, 'GET', '/api/tokenRewards/referral')).json().code).toBe(ref.code);
    expect((await call(inviter, 'POST', '/api/tokenRewards/referral', { code: ref.code })).statusCode).toBe(
      400,
    );

    const invitee = await signUp(t.app);
    expect((await call(invitee, 'POST', '/api/tokenRewards/referral', { code: 'ZZZZZZZZ' })).statusCode).toBe(
      404,
    );
    expect(
      (await call(invitee, 'POST', '/api/tokenRewards/referral', { code: ref.code.toLowerCase() }))
        .statusCode,
    ).toBe(200);
    expect((await call(invitee, 'POST', '/api/tokenRewards/referral', { code: ref.code })).statusCode).toBe(
      409,
    );
    expect((await call(inviter, 'GET', '/api/tokenRewards/referral')).json().invited).toMatchObject([
      { paid: false, tokens: 0 },
    ]);

    const first = await kit.purchase(t, invitee);
    await kit.payWithCard(t, first.checkoutUrl, '4242424242424242');
    await kit.waitStatus(t, invitee, first.paymentId, 'success');
    const credited = 500 + settingsSeed.referralTokens;
    expect(await balance(inviter.userId)).toBe(credited);

    // A second payment by the same friend earns nothing more.
    const second = await kit.purchase(t, invitee);
    await kit.payWithCard(t, second.checkoutUrl, '4242424242424242');
    await kit.waitStatus(t, invitee, second.paymentId, 'success');
    expect(await balance(inviter.userId)).toBe(credited);
    expect(await entriesByKey(referralKey(invitee.userId))).toHaveLength(1);
    expect((await call(inviter, 'GET', '/api/tokenRewards/referral')).json()).toMatchObject({
      tokensEarned: settingsSeed.referralTokens,
      invited: [{ paid: true, tokens: settingsSeed.referralTokens }],
    });

    // Refunding the second payment changes nothing; refunding the first takes the reward back.
    await t.app.ctx.services.payments.refund(second.paymentId);
    await kit.waitStatus(t, invitee, second.paymentId, 'refunded');
    expect(await balance(inviter.userId)).toBe(credited);
    await t.app.ctx.services.payments.refund(first.paymentId);
    await kit.waitStatus(t, invitee, first.paymentId, 'refunded');
    expect(await balance(inviter.userId)).toBe(500);
    expect(await entriesByKey(referralReversalKey(invitee.userId))).toHaveLength(1);
    expect((await call(inviter, 'GET', '/api/tokenRewards/referral')).json()).toMatchObject({
      tokensEarned: 0,
      invited: [{ paid: false, tokens: 0 }],
    });
    expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
  });

  it('refuses an invite code after the first payment', async () => {
    const inviter = await signUp(t.app);
    const code = (await call(inviter, 'GET', '/api/tokenRewards/referral')).json().code;
    const late = await signUp(t.app);
    const p = await kit.purchase(t, late);
    await kit.payWithCard(t, p.checkoutUrl, '4242424242424242');
    await kit.waitStatus(t, late, p.paymentId, 'success');
    expect((await call(late, 'POST', '/api/tokenRewards/referral', { code })).statusCode).toBe(403);
    const rows = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, inviter.userId), like(ledgerEntries.idempotencyKey, 'referral:%')));
    expect(rows).toHaveLength(0);
  });
});

describe('hostile input and the operator routes', () => {
  it('answers clear 4xx to bad bodies', async () => {
    const s = await signUp(t.app);
    const bad: [string, string, Record<string, unknown>][] = [
      ['PUT', '/api/tokenRewards/changeStatus', { actionName: 'x', status: 'claimed' }],
      ['PUT', '/api/tokenRewards/changeStatus', { actionName: 'drop table', status: 'pending' }],
      ['PUT', '/api/tokenRewards/changeStatus', { actionName: 'x', status: 'pending', extra: 1 }],
      ['PUT', '/api/tokenRewards/updateTokens', { actionName: ['x'] }],
      ['POST', '/api/tokenRewards/quiz', { answers: [] }],
      [
        'POST',
        '/api/tokenRewards/quiz',
        { answers: Array.from({ length: 31 }, () => ({ id: 'a', answer: 0 })) },
      ],
      ['POST', '/api/tokenRewards/quiz', { answers: [{ id: 'levels', answer: -1 }] }],
      ['POST', '/api/tokenRewards/referral', { code: "' or 1=1 --" }],
      ['POST', '/api/tokenRewards/referral', { code: 'A'.repeat(100) }],
    ];
    for (const [method, url, payload] of bad) {
      const res = await call(s, method as 'PUT', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    }
    expect(
      (await call(s, 'PUT', '/api/tokenRewards/updateTokens', { actionName: 'invite' })).statusCode,
    ).toBe(400);
  });

  it('keeps the operator routes to admins and validates what they save', async () => {
    const s = await signUp(t.app);
    for (const [method, url] of [
      ['GET', '/api/admin/rewards'],
      ['GET', '/api/admin/rewards/pending'],
      ['PUT', '/api/admin/rewards/settings'],
      ['POST', `/api/admin/rewards/tasks/${crypto.randomUUID()}/verify`],
    ] as const) {
      expect((await call(s, method, url, method === 'GET' ? undefined : settingsSeed)).statusCode).toBe(403);
    }
    const badSettings = [
      { ...settingsSeed, daily: [] },
      { ...settingsSeed, daily: [-1] },
      { ...settingsSeed, referralTokens: 1.5 },
      {
        ...settingsSeed,
        tasks: { ...settingsSeed.tasks, x: { ...settingsSeed.tasks.x, url: 'javascript:alert(1)' } },
      },
    ];
    for (const body of badSettings)
      expect((await call(admin, 'PUT', '/api/admin/rewards/settings', body)).statusCode).toBe(400);
    const badQuiz = { questions: [{ ...quizSeed.questions[0]!, answer: 5 }] };
    expect((await call(admin, 'PUT', '/api/admin/rewards/quiz', badQuiz)).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/admin/rewards/tasks/not-a-uuid/verify')).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/admin/rewards')).json()).toMatchObject({
      settings: settingsSeed,
      quiz: quizSeed,
    });
  });

  it('documents the routes in the OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      '/api/tokenRewards',
      '/api/tokenRewards/daily',
      '/api/tokenRewards/daily/claim',
      '/api/tokenRewards/changeStatus',
      '/api/tokenRewards/updateTokens',
      '/api/tokenRewards/quiz',
      '/api/tokenRewards/referral',
      '/api/admin/rewards/settings',
      '/api/admin/rewards/pending',
    ])
      expect(doc.paths[path], path).toBeTruthy();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('across two nodes on one PostgreSQL', () => {
  it('20 claims split over two nodes credit once; a task claimed on both nodes pays once', async () => {
    const b = await createTestApp(kit.FAST_SANDBOX, { clock: () => now }, t);
    try {
      advance(DAY);
      const s = await signUp(t.app);
      const nodes = [t.app, b.app];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          nodes[i % 2]!.inject({ method: 'POST', url: '/api/tokenRewards/daily/claim', headers: bearer(s) }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);

      await call(s, 'PUT', '/api/tokenRewards/changeStatus', { actionName: 'instagram', status: 'pending' });
      advance(settingsSeed.tasks.instagram.autoVerifySeconds * 1000);
      const claims = await Promise.all(
        nodes.map((app) =>
          app.inject({
            method: 'PUT',
            url: '/api/tokenRewards/updateTokens',
            headers: bearer(s),
            payload: { actionName: 'instagram' },
          }),
        ),
      );
      expect(claims.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await balance(s.userId)).toBe(
        500 + settingsSeed.daily[0]! + settingsSeed.tasks.instagram.tokens,
      );
      expect(await ledgerProblems(t.app.ctx.db)).toEqual([]);
    } finally {
      await b.app.close();
    }
  });
});
