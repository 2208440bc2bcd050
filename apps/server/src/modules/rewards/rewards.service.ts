import {
  QuizQuestions,
  RewardSettings,
  verifiedActions,
  type ActionName,
  type DailyClaimResponse,
  type DailyRewardsResponse,
  type QuizAnswersBody,
  type QuizResponse,
  type QuizResultResponse,
  type RewardTask,
  type TaskStatus,
  type VerifiedAction,
} from '@amora/shared/rewards.ts';
import type { Db } from '../../db/client.ts';
import type { RewardTaskRow } from '../../db/schema/rewards.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { newId } from '../../lib/tokens.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { RewardsRepository } from './rewards.repository.ts';
import quizSeed from './seed/quiz.json' with { type: 'json' };
import settingsSeed from './seed/reward-settings.json' with { type: 'json' };

export const SETTINGS_KEY = 'rewards';
export const QUIZ_KEY = 'rewardsQuiz';
const DAY_MS = 86_400_000;
const CACHE_MS = 5_000;

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);
const shiftDay = (day: string, days: number): string => utcDay(new Date(dayStart(day) + days * DAY_MS));

export const dailyKey = (userId: string, day: string) => `daily:${userId}:${day}`;
export const taskKey = (userId: string, action: string) => `task:${userId}:${action}`;

/**
 * Daily rewards, reward tasks and the quiz (SPEC §1, §2 wallet, §4, §7). Every grant goes through
 * the ledger once: a unique row (the day's claim, the task's conditional claimed update) is written
 * in the same transaction as the credit, whose idempotency key is unique too.
 */
export function createRewardsService(deps: {
  db: Db;
  repo: RewardsRepository;
  ledger: LedgerService;
  users: UsersService;
  /** "Now": injectable so tests move days and delays without waiting. */
  now: () => Date;
}) {
  const { db, repo, ledger } = deps;
  let cache: { at: number; settings: RewardSettings; quiz: QuizQuestions } | null = null;

  async function load(): Promise<{ settings: RewardSettings; quiz: QuizQuestions }> {
    if (cache && Date.now() - cache.at < CACHE_MS) return cache;
    const storedSettings = RewardSettings.safeParse(await repo.readSetting(db, SETTINGS_KEY));
    const storedQuiz = QuizQuestions.safeParse(await repo.readSetting(db, QUIZ_KEY));
    const value = {
      settings: storedSettings.success ? storedSettings.data : RewardSettings.parse(settingsSeed),
      quiz: storedQuiz.success ? storedQuiz.data : QuizQuestions.parse(quizSeed),
    };
    cache = { at: Date.now(), ...value };
    return value;
  }

  async function notBanned(userId: string): Promise<void> {
    const user = await deps.users.getById(userId);
    if (user.banned) throw new AppError('BANNED', 'rewards.banned');
  }

  /** The streak position the next claim pays, from the last claim. */
  function nextStreak(
    last: { day: string; streakDay: number; streak: number } | null,
    today: string,
    length: number,
  ): { streakDay: number; streak: number; claimedToday: boolean; alive: boolean } {
    if (last && last.day === today)
      return { streakDay: last.streakDay, streak: last.streak, claimedToday: true, alive: true };
    if (last && last.day === shiftDay(today, -1))
      return {
        streakDay: (last.streakDay % length) + 1,
        streak: last.streak + 1,
        claimedToday: false,
        alive: true,
      };
    return { streakDay: 1, streak: 1, claimedToday: false, alive: false };
  }

  /** Pending tasks whose auto-verify delay has passed become verified (lazily, on read). */
  async function verifyDue(settings: RewardSettings, userId?: string): Promise<void> {
    const now = deps.now();
    for (const action of verifiedActions) {
      const s = settings.tasks[action];
      if (s.autoVerifySeconds === null) continue;
      await repo.verifyDue(db, action, new Date(now.getTime() - s.autoVerifySeconds * 1000), now, userId);
    }
  }

  function taskView(
    action: VerifiedAction,
    settings: RewardSettings,
    row: RewardTaskRow | undefined,
  ): RewardTask {
    const s = settings.tasks[action];
    const status: TaskStatus = row ? row.status : 'available';
    return {
      actionName: action,
      status,
      tokens: row?.status === 'claimed' && row.tokens !== null ? row.tokens : s.tokens,
      ...('url' in s ? { url: s.url } : {}),
    };
  }

  async function tasks(userId: string): Promise<RewardTask[]> {
    const { settings } = await load();
    await verifyDue(settings, userId);
    const rows = new Map((await repo.tasksOf(db, userId)).map((r) => [r.actionName, r]));
    const list: RewardTask[] = [];
    for (const action of verifiedActions) {
      // A task the operator switched off still shows when the user already started it.
      if (!settings.tasks[action].enabled && !rows.has(action)) continue;
      list.push(taskView(action, settings, rows.get(action)));
    }
    list.push({ actionName: 'invite', status: 'available', tokens: settings.referralTokens });
    return list;
  }

  async function task(userId: string, action: VerifiedAction): Promise<RewardTask> {
    const { settings } = await load();
    await verifyDue(settings, userId);
    return taskView(action, settings, (await repo.findTask(db, userId, action)) ?? undefined);
  }

  async function startTask(userId: string, action: VerifiedAction): Promise<RewardTask> {
    const { settings } = await load();
    if (!settings.tasks[action].enabled) throw new AppError('FORBIDDEN', 'rewards.taskDisabled');
    const row = await repo.markPending(db, userId, action, newId(), deps.now());
    if (!row) throw new AppError('CONFLICT', 'rewards.taskStarted');
    return task(userId, action);
  }

  return {
    async settings(): Promise<RewardSettings> {
      return (await load()).settings;
    },

    /** Writes the data-file defaults for keys the operator never saved. */
    async seed(): Promise<void> {
      await repo.seedSetting(db, SETTINGS_KEY, RewardSettings.parse(settingsSeed));
      await repo.seedSetting(db, QUIZ_KEY, QuizQuestions.parse(quizSeed));
    },

    async daily(userId: string): Promise<DailyRewardsResponse> {
      const { settings } = await load();
      const now = deps.now();
      const today = utcDay(now);
      const length = settings.daily.length;
      const next = nextStreak(await repo.lastClaim(db, userId), today, length);
      // Days of the current cycle already claimed: through today's claim, or through yesterday's.
      const claimedThrough = next.claimedToday ? next.streakDay : next.alive ? next.streakDay - 1 : 0;
      return {
        days: settings.daily.map((tokens, i) => ({ day: i + 1, tokens, claimed: i + 1 <= claimedThrough })),
        nextClaimAt: next.claimedToday ? new Date(dayStart(today) + DAY_MS).toISOString() : now.toISOString(),
        serverTime: now.toISOString(),
        streak: next.claimedToday ? next.streak : next.alive ? next.streak - 1 : 0,
        nextDay: next.claimedToday ? (next.streakDay % length) + 1 : next.streakDay,
        claimedToday: next.claimedToday,
      };
    },

    async claimDaily(userId: string): Promise<DailyClaimResponse> {
      await notBanned(userId);
      const { settings } = await load();
      const today = utcDay(deps.now());
      let result: { tokens: number; day: number; balance: number };
      try {
        result = await db.transaction(async (tx) => {
          const next = nextStreak(await repo.lastClaim(tx, userId), today, settings.daily.length);
          if (next.claimedToday) throw new AppError('CONFLICT', 'rewards.dailyClaimed');
          const tokens = settings.daily[next.streakDay - 1] ?? 0;
          // The unique (user, day) row: a second claim today fails here, on any node.
          await repo.insertClaim(tx, {
            id: newId(),
            userId,
            day: today,
            streakDay: next.streakDay,
            streak: next.streak,
            tokens,
          });
          const balance =
            tokens > 0
              ? (
                  await ledger.applyIn(tx, {
                    userId,
                    delta: tokens,
                    reason: 'reward',
                    reference: `daily:${today}`,
                    idempotencyKey: dailyKey(userId, today),
                  })
                ).balance
              : (await deps.users.getById(userId)).tokens;
          return { tokens, day: next.streakDay, balance };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'rewards.dailyClaimed');
        throw err;
      }
      if (result.tokens > 0) ledger.notifyBalance(userId, result.balance);
      return { tokens: result.tokens, day: result.day, updatedTokens: result.balance };
    },

    tasks,

    async changeStatus(userId: string, action: ActionName): Promise<RewardTask> {
      await notBanned(userId);
      if (action === 'quiz') throw new AppError('VALIDATION_ERROR', 'rewards.quizByAnswers');
      if (action === 'invite') throw new AppError('VALIDATION_ERROR', 'rewards.inviteAutomatic');
      return startTask(userId, action);
    },

    /** Claims a verified task once: the conditional verified → claimed update and the credit in one transaction. */
    async claimTask(userId: string, action: ActionName): Promise<{ updatedTokens: number; tokens: number }> {
      await notBanned(userId);
      if (action === 'invite') throw new AppError('VALIDATION_ERROR', 'rewards.inviteAutomatic');
      const { settings } = await load();
      await verifyDue(settings, userId);
      const tokens = settings.tasks[action].tokens;
      const now = deps.now();
      const balance = await db.transaction(async (tx) => {
        const row = await repo.claimTask(tx, userId, action, tokens, now);
        if (!row) {
          const current = await repo.findTask(tx, userId, action);
          if (current?.status === 'claimed') throw new AppError('CONFLICT', 'rewards.alreadyClaimed');
          throw new AppError('FORBIDDEN', 'rewards.notVerified');
        }
        if (tokens === 0) return (await deps.users.getById(userId)).tokens;
        const r = await ledger.applyIn(tx, {
          userId,
          delta: tokens,
          reason: 'reward',
          reference: `task:${action}`,
          idempotencyKey: taskKey(userId, action),
        });
        return r.balance;
      });
      if (tokens > 0) ledger.notifyBalance(userId, balance);
      return { updatedTokens: balance, tokens };
    },

    async quiz(): Promise<QuizResponse> {
      const { quiz } = await load();
      return { questions: quiz.questions.map(({ id, question, options }) => ({ id, question, options })) };
    },

    /** Checks the answers on the server; all right → the quiz task goes pending (then verification). */
    async answerQuiz(userId: string, body: QuizAnswersBody): Promise<QuizResultResponse> {
      await notBanned(userId);
      const { quiz, settings } = await load();
      if (!settings.tasks.quiz.enabled) throw new AppError('FORBIDDEN', 'rewards.taskDisabled');
      const current = await task(userId, 'quiz');
      if (current.status !== 'available' && current.status !== 'rejected')
        throw new AppError('CONFLICT', 'rewards.taskStarted');
      const given = new Map(body.answers.map((a) => [a.id, a.answer]));
      const correct = quiz.questions.filter((q) => given.get(q.id) === q.answer).length;
      const total = quiz.questions.length;
      const passed = correct === total;
      return { passed, correct, total, task: passed ? await startTask(userId, 'quiz') : current };
    },

    // ---- operator
    async adminView(): Promise<{ settings: RewardSettings; quiz: QuizQuestions }> {
      cache = null;
      return load();
    },
    async saveSettings(value: RewardSettings): Promise<RewardSettings> {
      await repo.writeSetting(db, SETTINGS_KEY, value);
      cache = null;
      return (await load()).settings;
    },
    async saveQuiz(value: QuizQuestions): Promise<QuizQuestions> {
      await repo.writeSetting(db, QUIZ_KEY, value);
      cache = null;
      return (await load()).quiz;
    },
    async pending(): Promise<
      { _id: string; userId: string; email: string; actionName: ActionName; pendingAt: string }[]
    > {
      const { settings } = await load();
      await verifyDue(settings);
      const rows = await repo.pendingTasks(db, 200);
      return rows.map((r) => ({
        _id: r.id,
        userId: r.userId,
        email: r.email,
        actionName: r.actionName as ActionName,
        pendingAt: r.pendingAt.toISOString(),
      }));
    },
    async decide(id: string, status: 'verified' | 'rejected'): Promise<void> {
      const row = await repo.decide(db, id, status, deps.now());
      if (!row) {
        throw new AppError('CONFLICT', 'rewards.taskNotPending');
      }
    },
  };
}
export type RewardsService = ReturnType<typeof createRewardsService>;
