import { z } from 'zod';
import { userText } from './text-schema.ts';
import { REFERRAL_CODE_PATTERN } from './rules.ts';
export { REFERRAL_CODE_PATTERN };

/** Token rewards (SPEC §1, §2 wallet, §4 quiz task, §7 "Token rewards"). */

export const socialActions = ['x', 'instagram', 'discord', 'medium'] as const;
export const SocialAction = z.enum(socialActions);
export type SocialAction = z.infer<typeof SocialAction>;

/** Tasks whose tokens are claimed once verified: the quiz and the social follows. */
export const verifiedActions = ['quiz', ...socialActions] as const;
export const VerifiedAction = z.enum(verifiedActions);
export type VerifiedAction = z.infer<typeof VerifiedAction>;

export const actionNames = [...verifiedActions, 'invite'] as const;
export const ActionName = z.enum(actionNames);
export type ActionName = z.infer<typeof ActionName>;

/** available → pending → verified → claimed; the operator may reject a pending task (it can be tried again). */
export const taskStatuses = ['available', 'pending', 'verified', 'claimed', 'rejected'] as const;
export const TaskStatus = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const MAX_REWARD_TOKENS = 100_000;
const tokens = z.number().int().min(0).max(MAX_REWARD_TOKENS);
/** Seconds after which a pending task is verified by itself; null: only the operator verifies. */
const autoVerifySeconds = z
  .number()
  .int()
  .min(0)
  .max(30 * 86_400)
  .nullable();

const httpsUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((u) => !/[\s<>"]/.test(u), 'Invalid URL');

export const SocialTaskSettings = z
  .object({ enabled: z.boolean(), tokens, url: httpsUrl, autoVerifySeconds })
  .strict();
export const QuizTaskSettings = z.object({ enabled: z.boolean(), tokens, autoVerifySeconds }).strict();

/** The operator's reward settings (settings key `rewards`). */
export const RewardSettings = z
  .object({
    /** Tokens for day 1, 2, ... of a streak; after the last day the streak starts over at day 1. */
    daily: z.array(tokens).min(1).max(31),
    /** Tokens for the inviter when an invitee makes a first payment. */
    referralTokens: tokens,
    tasks: z
      .object({
        quiz: QuizTaskSettings,
        x: SocialTaskSettings,
        instagram: SocialTaskSettings,
        discord: SocialTaskSettings,
        medium: SocialTaskSettings,
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'RewardSettings' });
export type RewardSettings = z.infer<typeof RewardSettings>;

const localized = z.object({ en: userText().min(1).max(300), ru: userText().min(1).max(300) }).strict();

export const QuizQuestion = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Question ids are lowercase letters, digits and -'),
    question: localized,
    options: z.array(localized).min(2).max(6),
    /** Index of the right option. */
    answer: z.number().int().min(0).max(5),
  })
  .strict()
  .refine((q) => q.answer < q.options.length, {
    message: 'The answer must be one of the options',
    path: ['answer'],
  });
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const QuizQuestions = z
  .object({ questions: z.array(QuizQuestion).min(1).max(30) })
  .strict()
  .refine((v) => new Set(v.questions.map((q) => q.id)).size === v.questions.length, {
    message: 'Question ids must be unique',
    path: ['questions'],
  })
  .meta({ id: 'QuizQuestions' });
export type QuizQuestions = z.infer<typeof QuizQuestions>;

// ---- user API

export const DailyRewardsResponse = z
  .object({
    days: z.array(z.object({ day: z.number().int(), tokens: z.number().int(), claimed: z.boolean() })),
    /** When the next claim opens (now or in the past when it is open). */
    nextClaimAt: z.string(),
    /** The server's clock, so the timer can correct a device clock that is off. */
    serverTime: z.string(),
    /** Days in a row claimed so far (0 once a day was missed). */
    streak: z.number().int(),
    /** The streak day the next claim pays. */
    nextDay: z.number().int(),
    claimedToday: z.boolean(),
  })
  .meta({ id: 'DailyRewards' });
export type DailyRewardsResponse = z.infer<typeof DailyRewardsResponse>;

export const DailyClaimResponse = z.object({
  tokens: z.number().int(),
  day: z.number().int(),
  /** The balance after the credit. */
  updatedTokens: z.number().int(),
});
export type DailyClaimResponse = z.infer<typeof DailyClaimResponse>;

export const RewardTask = z
  .object({
    actionName: ActionName,
    status: TaskStatus,
    tokens: z.number().int(),
    url: z.string().optional(),
  })
  .meta({ id: 'RewardTask' });
export type RewardTask = z.infer<typeof RewardTask>;

export const RewardTasksResponse = z.object({ tasks: z.array(RewardTask) });
export type RewardTasksResponse = z.infer<typeof RewardTasksResponse>;

export const ChangeStatusBody = z.object({ actionName: ActionName, status: z.literal('pending') }).strict();
export type ChangeStatusBody = z.infer<typeof ChangeStatusBody>;

export const UpdateTokensBody = z.object({ actionName: ActionName }).strict();
export type UpdateTokensBody = z.infer<typeof UpdateTokensBody>;

export const UpdateTokensResponse = z.object({ updatedTokens: z.number().int(), tokens: z.number().int() });
export type UpdateTokensResponse = z.infer<typeof UpdateTokensResponse>;

/** The quiz as a user sees it (no answers). */
export const QuizResponse = z.object({
  questions: z.array(z.object({ id: z.string(), question: localized, options: z.array(localized) })),
});
export type QuizResponse = z.infer<typeof QuizResponse>;

export const QuizAnswersBody = z
  .object({
    answers: z
      .array(z.object({ id: z.string().max(40), answer: z.number().int().min(0).max(5) }).strict())
      .min(1)
      .max(30),
  })
  .strict();
export type QuizAnswersBody = z.infer<typeof QuizAnswersBody>;

export const QuizResultResponse = z.object({
  passed: z.boolean(),
  correct: z.number().int(),
  total: z.number().int(),
  task: RewardTask,
});
export type QuizResultResponse = z.infer<typeof QuizResultResponse>;

export const ReferralCode = z.string().trim().regex(REFERRAL_CODE_PATTERN, 'Invalid invite code');

export const ReferralBody = z.object({ code: ReferralCode }).strict();
export type ReferralBody = z.infer<typeof ReferralBody>;

export const ReferralResponse = z
  .object({
    code: z.string(),
    /** Tokens an invitee's first payment earns the inviter. */
    referralTokens: z.number().int(),
    tokensEarned: z.number().int(),
    invited: z.array(
      z.object({
        name: z.string().nullable(),
        joinedAt: z.string(),
        paid: z.boolean(),
        tokens: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Referrals' });
export type ReferralResponse = z.infer<typeof ReferralResponse>;

// ---- operator API

export const AdminRewardsResponse = z.object({ settings: RewardSettings, quiz: QuizQuestions });
export type AdminRewardsResponse = z.infer<typeof AdminRewardsResponse>;

export const PendingTask = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  actionName: ActionName,
  pendingAt: z.string(),
});
export type PendingTask = z.infer<typeof PendingTask>;

export const PendingTasksResponse = z.object({ data: z.array(PendingTask) });
export type PendingTasksResponse = z.infer<typeof PendingTasksResponse>;

export const TaskIdParams = z.object({ id: z.uuid() }).strict();

/** The invite link of a referral code (`?ref=` is kept through sign-up like the UTM values). */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/$/, '')}/?ref=${encodeURIComponent(code)}`;
}
