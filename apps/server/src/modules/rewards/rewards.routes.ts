import { OkResponse } from '@amora/shared/platform.ts';
import {
  AdminRewardsResponse,
  ChangeStatusBody,
  DailyClaimResponse,
  DailyRewardsResponse,
  PendingTasksResponse,
  QuizAnswersBody,
  QuizQuestions,
  QuizResponse,
  QuizResultResponse,
  ReferralBody,
  ReferralResponse,
  RewardSettings,
  RewardTask,
  RewardTasksResponse,
  TaskIdParams,
  UpdateTokensBody,
  UpdateTokensResponse,
} from '@amora/shared/rewards.ts';
import type { AppInstance } from '../../app-types.ts';
import { requireRole } from '../../plugins/require-role.ts';
import type { ReferralsService } from './referrals.service.ts';
import type { RewardsService } from './rewards.service.ts';

/** Token rewards (DESIGN §4 contract additions): daily rewards, tasks, the quiz and referrals. */
export function rewardsRoutes(app: AppInstance, rewards: RewardsService, referrals: ReferralsService): void {
  const common = { tags: ['rewards'], security: [{ bearer: [] }] };
  const onRequest = [app.requireAuth];
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  app.get(
    '/api/tokenRewards/daily',
    {
      onRequest,
      schema: {
        ...common,
        summary:
          'The daily streak calendar: tokens per day, the days claimed in this streak, and when the next claim opens (UTC days)',
        response: { 200: DailyRewardsResponse },
      },
    },
    async (req) => rewards.daily(req.userId()),
  );

  app.post(
    '/api/tokenRewards/daily/claim',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          "Claim today's reward once per UTC day (409 when already claimed); a missed day starts the streak over",
        response: { 200: DailyClaimResponse },
      },
    },
    async (req) => rewards.claimDaily(req.userId()),
  );

  app.get(
    '/api/tokenRewards',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The reward tasks with their state (available → pending → verified → claimed, or rejected)',
        response: { 200: RewardTasksResponse },
      },
    },
    async (req) => ({ tasks: await rewards.tasks(req.userId()) }),
  );

  app.put(
    '/api/tokenRewards/changeStatus',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'Mark a social task pending (the user opened the link); it is verified by the operator or after the set delay. 409 once started',
        body: ChangeStatusBody,
        response: { 200: RewardTask },
      },
    },
    async (req) => rewards.changeStatus(req.userId(), req.body.actionName),
  );

  app.put(
    '/api/tokenRewards/updateTokens',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        ...common,
        summary: 'Claim the tokens of a verified task, once (403 not verified yet, 409 already claimed)',
        body: UpdateTokensBody,
        response: { 200: UpdateTokensResponse },
      },
    },
    async (req) => rewards.claimTask(req.userId(), req.body.actionName),
  );

  app.get(
    '/api/tokenRewards/quiz',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'The quiz questions in English and Russian (no answers)',
        response: { 200: QuizResponse },
      },
    },
    async () => rewards.quiz(),
  );

  app.post(
    '/api/tokenRewards/quiz',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'Answer the quiz: checked on the server; all right puts the quiz task in pending (step 2: verification)',
        body: QuizAnswersBody,
        response: { 200: QuizResultResponse },
      },
    },
    async (req) => rewards.answerQuiz(req.userId(), req.body),
  );

  app.get(
    '/api/tokenRewards/referral',
    {
      onRequest,
      schema: {
        ...common,
        summary: "The caller's invite code, the friends who joined with it and the tokens earned",
        response: { 200: ReferralResponse },
      },
    },
    async (req) => referrals.overview(req.userId()),
  );

  app.post(
    '/api/tokenRewards/referral',
    {
      onRequest,
      config: { rateLimit },
      schema: {
        ...common,
        summary:
          'Name the inviter (the `?ref=` code kept through sign-up): once, for a new account before its first payment',
        body: ReferralBody,
        response: { 200: OkResponse },
      },
    },
    async (req) => {
      await referrals.join(req.userId(), req.body.code);
      return { ok: true as const };
    },
  );

  // ---- operator console
  const adminOnly = [app.requireAuth, requireRole(app, ['admin'])];
  const adminCommon = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/rewards',
    {
      onRequest: adminOnly,
      schema: {
        ...adminCommon,
        summary: 'Reward settings and the quiz questions (with answers)',
        response: { 200: AdminRewardsResponse },
      },
    },
    async () => rewards.adminView(),
  );

  app.put(
    '/api/admin/rewards/settings',
    {
      onRequest: adminOnly,
      schema: {
        ...adminCommon,
        summary: 'Daily amounts, task links, amounts and auto-verify delays, referral tokens',
        body: RewardSettings,
        response: { 200: RewardSettings },
      },
    },
    async (req) => rewards.saveSettings(req.body),
  );

  app.put(
    '/api/admin/rewards/quiz',
    {
      onRequest: adminOnly,
      schema: {
        ...adminCommon,
        summary: 'Replace the quiz questions (EN and RU, the index of the right option)',
        body: QuizQuestions,
        response: { 200: QuizQuestions },
      },
    },
    async (req) => rewards.saveQuiz(req.body),
  );

  app.get(
    '/api/admin/rewards/pending',
    {
      onRequest: adminOnly,
      schema: {
        ...adminCommon,
        summary: 'Tasks waiting for verification, oldest first',
        response: { 200: PendingTasksResponse },
      },
    },
    async () => ({ data: await rewards.pending() }),
  );

  for (const decision of ['verify', 'reject'] as const) {
    app.post(
      `/api/admin/rewards/tasks/:id/${decision}`,
      {
        onRequest: adminOnly,
        schema: {
          ...adminCommon,
          summary:
            decision === 'verify'
              ? 'Verify a pending task: the user can claim its tokens'
              : 'Reject a pending task: the user may try it again',
          params: TaskIdParams,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await rewards.decide(req.params.id, decision === 'verify' ? 'verified' : 'rejected');
        return { ok: true as const };
      },
    );
  }
}
