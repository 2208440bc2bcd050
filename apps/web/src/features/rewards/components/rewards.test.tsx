import type {
  ActionName,
  DailyClaimResponse,
  DailyRewardsResponse,
  RewardTask,
  UpdateTokensResponse,
} from '@amora/shared/rewards.ts';
import type { User } from '@amora/shared/user.ts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../auth/store.ts';
import { renderAt } from '../../admin/components/test-utils.tsx';
import type * as RewardsApi from '../api/rewards-api.ts';
import { DailyRewards } from './daily-rewards.tsx';
import { RewardTasks } from './reward-tasks.tsx';

const api = {
  fetchDaily: vi.fn<() => Promise<DailyRewardsResponse>>(),
  claimDaily: vi.fn<() => Promise<DailyClaimResponse>>(),
  fetchTasks: vi.fn<() => Promise<RewardTask[]>>(),
  markTaskPending: vi.fn<(a: ActionName) => Promise<RewardTask>>(),
  claimTask: vi.fn<(a: ActionName) => Promise<UpdateTokensResponse>>(),
};
vi.mock('../api/rewards-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof RewardsApi>()),
  fetchDaily: () => api.fetchDaily(),
  claimDaily: () => api.claimDaily(),
  fetchTasks: () => api.fetchTasks(),
  markTaskPending: (a: ActionName) => api.markTaskPending(a),
  claimTask: (a: ActionName) => api.claimTask(a),
}));

const NOW = Date.parse('2026-03-10T22:00:00.000Z');
const days = (claimedThrough: number) =>
  [10, 15, 20].map((tokens, i) => ({ day: i + 1, tokens, claimed: i + 1 <= claimedThrough }));

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  localStorage.clear();
  useAuthStore.setState({
    user: { _id: 'u1', role: 'user', tokens: 500, banned: { is: false, reason: null } } as User,
    accessToken: 't',
    status: 'ready',
  });
});
afterEach(() => vi.useRealTimers());

describe('DailyRewards', () => {
  it('claims today, then shows the timer to the next UTC day, ticking each second', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const open: DailyRewardsResponse = {
      days: days(1),
      nextClaimAt: new Date(NOW).toISOString(),
      serverTime: new Date(NOW).toISOString(),
      streak: 1,
      nextDay: 2,
      claimedToday: false,
    };
    api.fetchDaily.mockResolvedValueOnce(open).mockResolvedValue({
      ...open,
      days: days(2),
      claimedToday: true,
      streak: 2,
      nextDay: 3,
      nextClaimAt: '2026-03-11T00:00:00.000Z',
    });
    api.claimDaily.mockResolvedValue({ tokens: 15, day: 2, updatedTokens: 515 });
    renderAt('/wallet', '/wallet', <DailyRewards />);

    await user.click(await screen.findByRole('button', { name: 'Claim 15 tokens' }));
    expect(api.claimDaily).toHaveBeenCalledTimes(1);
    const timer = await screen.findByTestId('daily-timer');
    expect(useAuthStore.getState().user?.tokens).toBe(515);
    expect(timer.textContent).toMatch(/^Next reward in (02:00:0\d|01:59:5\d)$/);
    const before = timer.textContent;
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByTestId('daily-timer').textContent).not.toBe(before);
    expect(screen.getAllByTestId('daily-day').map((d) => d.dataset.claimed)).toEqual([
      'true',
      'true',
      'false',
    ]);
    expect(localStorage.getItem('amora.rewards.nextClaimAt')).toContain('2026-03-11T00:00:00.000Z');
  });

  it('says why when the server refuses a claim', async () => {
    api.fetchDaily.mockResolvedValue({
      days: days(0),
      nextClaimAt: new Date().toISOString(),
      serverTime: new Date().toISOString(),
      streak: 0,
      nextDay: 1,
      claimedToday: false,
    });
    api.claimDaily.mockRejectedValue(
      new ApiError(409, 'CONFLICT', "You have already claimed today's reward."),
    );
    renderAt('/wallet', '/wallet', <DailyRewards />);
    await userEvent.click(await screen.findByRole('button', { name: 'Claim 10 tokens' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        "You have already claimed today's reward.",
      ),
    );
  });
});

describe('RewardTasks', () => {
  const task = (actionName: ActionName, status: RewardTask['status'], extra: Partial<RewardTask> = {}) => ({
    actionName,
    status,
    tokens: 30,
    ...extra,
  });

  it('shows each state; opening a social link marks it pending; a verified task is claimed', async () => {
    const onQuiz = vi.fn();
    api.fetchTasks.mockResolvedValue([
      task('quiz', 'pending'),
      task('x', 'available', { url: 'https://x.com/amora' }),
      task('instagram', 'verified', { url: 'https://instagram.com/amora' }),
      task('discord', 'claimed', { url: 'https://discord.com' }),
      task('medium', 'rejected', { url: 'https://medium.com' }),
      task('invite', 'available', { tokens: 200 }),
    ]);
    api.markTaskPending.mockResolvedValue(task('x', 'pending'));
    api.claimTask.mockResolvedValue({ tokens: 30, updatedTokens: 530 });
    renderAt('/profile/tasks', '/profile/tasks', <RewardTasks onQuiz={onQuiz} />);

    expect((await screen.findByTestId('task-quiz')).textContent).toContain('Step 2');
    const x = screen.getByTestId('task-open-x');
    expect(x.getAttribute('href')).toBe('https://x.com/amora');
    x.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(x);
    await waitFor(() => expect(api.markTaskPending).toHaveBeenCalledWith('x'));

    await userEvent.click(screen.getByTestId('task-claim-instagram'));
    await waitFor(() => expect(api.claimTask).toHaveBeenCalledWith('instagram'));
    expect(useAuthStore.getState().user?.tokens).toBe(530);

    expect(screen.getByTestId('task-discord').textContent).toContain('Claimed');
    expect(screen.getByTestId('task-medium').textContent).toContain('Not verified');
    expect(screen.getByTestId('task-open-invite').getAttribute('href')).toBe('/wallet/earnTokens#invite');
  });

  it('opens the quiz from an available quiz task', async () => {
    const onQuiz = vi.fn();
    api.fetchTasks.mockResolvedValue([task('quiz', 'available')]);
    renderAt('/profile/tasks', '/profile/tasks', <RewardTasks onQuiz={onQuiz} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Take the quiz' }));
    expect(onQuiz).toHaveBeenCalledTimes(1);
  });
});
