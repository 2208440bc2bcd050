import type {
  ActionName,
  AdminRewardsResponse,
  DailyClaimResponse,
  DailyRewardsResponse,
  PendingTask,
  QuizAnswersBody,
  QuizQuestions,
  QuizResponse,
  QuizResultResponse,
  ReferralResponse,
  RewardSettings,
  RewardTask,
  UpdateTokensResponse,
} from '@amora/shared/rewards.ts';
import { api } from '../../../lib/api-client.ts';

/** Token rewards (SPEC §7 "Token rewards"): daily rewards, tasks, the quiz and invites. */
export const rewardsKeys = {
  all: ['rewards'] as const,
  daily: () => ['rewards', 'daily'] as const,
  tasks: () => ['rewards', 'tasks'] as const,
  quiz: () => ['rewards', 'quiz'] as const,
  referral: () => ['rewards', 'referral'] as const,
  admin: () => ['admin', 'rewards'] as const,
  adminPending: () => ['admin', 'rewards', 'pending'] as const,
};

export const fetchDaily = (signal?: AbortSignal) =>
  api.get<DailyRewardsResponse>('/tokenRewards/daily', { signal });
export const claimDaily = () => api.post<DailyClaimResponse>('/tokenRewards/daily/claim');

export const fetchTasks = async (signal?: AbortSignal) =>
  (await api.get<{ tasks: RewardTask[] }>('/tokenRewards', { signal })).tasks;
export const markTaskPending = (actionName: ActionName) =>
  api.request<RewardTask>('/tokenRewards/changeStatus', {
    method: 'PUT',
    body: { actionName, status: 'pending' },
  });
export const claimTask = (actionName: ActionName) =>
  api.request<UpdateTokensResponse>('/tokenRewards/updateTokens', { method: 'PUT', body: { actionName } });

export const fetchQuiz = (signal?: AbortSignal) => api.get<QuizResponse>('/tokenRewards/quiz', { signal });
export const answerQuiz = (body: QuizAnswersBody) => api.post<QuizResultResponse>('/tokenRewards/quiz', body);

export const fetchReferral = (signal?: AbortSignal) =>
  api.get<ReferralResponse>('/tokenRewards/referral', { signal });
export const joinReferral = (code: string) => api.post<{ ok: true }>('/tokenRewards/referral', { code });

// ---- operator console
export const fetchAdminRewards = (signal?: AbortSignal) =>
  api.get<AdminRewardsResponse>('/admin/rewards', { signal });
export const saveRewardSettings = (settings: RewardSettings) =>
  api.request<RewardSettings>('/admin/rewards/settings', { method: 'PUT', body: settings });
export const saveQuiz = (quiz: QuizQuestions) =>
  api.request<QuizQuestions>('/admin/rewards/quiz', { method: 'PUT', body: quiz });
export const fetchPendingTasks = async (signal?: AbortSignal) =>
  (await api.get<{ data: PendingTask[] }>('/admin/rewards/pending', { signal })).data;
export const decideTask = (id: string, decision: 'verify' | 'reject') =>
  api.post<{ ok: true }>(`/admin/rewards/tasks/${encodeURIComponent(id)}/${decision}`);
