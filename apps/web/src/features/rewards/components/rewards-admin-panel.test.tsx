import type {
  AdminRewardsResponse,
  PendingTask,
  QuizQuestions,
  RewardSettings,
} from '@amora/shared/rewards.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInAs } from '../../admin/components/test-utils.tsx';
import type * as RewardsApi from '../api/rewards-api.ts';
import { RewardsAdminPanel } from './rewards-admin-panel.tsx';

const api = {
  fetchAdminRewards: vi.fn<() => Promise<AdminRewardsResponse>>(),
  fetchPendingTasks: vi.fn<() => Promise<PendingTask[]>>(),
  decideTask: vi.fn<(id: string, d: 'verify' | 'reject') => Promise<{ ok: true }>>(),
  saveRewardSettings: vi.fn<(s: RewardSettings) => Promise<RewardSettings>>(),
  saveQuiz: vi.fn<(q: QuizQuestions) => Promise<QuizQuestions>>(),
};
vi.mock('../api/rewards-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof RewardsApi>()),
  fetchAdminRewards: () => api.fetchAdminRewards(),
  fetchPendingTasks: () => api.fetchPendingTasks(),
  decideTask: (id: string, d: 'verify' | 'reject') => api.decideTask(id, d),
  saveRewardSettings: (s: RewardSettings) => api.saveRewardSettings(s),
  saveQuiz: (q: QuizQuestions) => api.saveQuiz(q),
}));

const social = (url: string) => ({ enabled: true, tokens: 30, url, autoVerifySeconds: 86400 });
const settings: RewardSettings = {
  daily: [10, 20],
  referralTokens: 200,
  tasks: {
    quiz: { enabled: true, tokens: 50, autoVerifySeconds: 3600 },
    x: social('https://x.com/amora'),
    instagram: social('https://instagram.com/amora'),
    discord: social('https://discord.com'),
    medium: social('https://medium.com'),
  },
};
const quiz: QuizQuestions = {
  questions: [
    {
      id: 'a',
      question: { en: 'Pick B', ru: 'Выберите Б' },
      options: [
        { en: 'A', ru: 'А' },
        { en: 'B', ru: 'Б' },
      ],
      answer: 1,
    },
  ],
};

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  signInAs('admin');
  api.fetchAdminRewards.mockResolvedValue({ settings, quiz });
  api.fetchPendingTasks.mockResolvedValue([
    {
      _id: 't1',
      userId: 'u1',
      email: 'robin@example.com',
      actionName: 'quiz',
      pendingAt: '2030-01-01T00:00:00Z',
    },
  ]);
});

describe('RewardsAdminPanel', () => {
  it('verifies a pending task', async () => {
    api.decideTask.mockResolvedValue({ ok: true });
    renderAt('/admin/rewards', '/admin/rewards', <RewardsAdminPanel />);
    const row = await screen.findByTestId('admin-rewards-task');
    expect(row.textContent).toContain('robin@example.com');
    await userEvent.click(within(row).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.decideTask).toHaveBeenCalledWith('t1', 'verify'));
  });

  it('saves the settings it parsed, and refuses a bad link without calling the server', async () => {
    api.saveRewardSettings.mockImplementation(async (s) => s);
    renderAt('/admin/rewards', '/admin/rewards', <RewardsAdminPanel />);
    const daily = await screen.findByTestId('admin-rewards-daily');
    await userEvent.clear(daily);
    await userEvent.type(daily, '5, 6, 7');
    const quizDelay = screen.getByTestId('admin-rewards-autoverify-quiz');
    await userEvent.clear(quizDelay);
    await userEvent.type(quizDelay, '0');
    await userEvent.click(screen.getByTestId('admin-rewards-save'));
    await waitFor(() =>
      expect(api.saveRewardSettings).toHaveBeenCalledWith({
        ...settings,
        daily: [5, 6, 7],
        tasks: { ...settings.tasks, quiz: { ...settings.tasks.quiz, autoVerifySeconds: 0 } },
      }),
    );

    const x = within(screen.getByTestId('admin-rewards-task-x')).getByLabelText('Link');
    await userEvent.clear(x);
    await userEvent.type(x, 'javascript:alert(1)');
    await userEvent.click(screen.getByTestId('admin-rewards-save'));
    expect(await screen.findByText('Check the highlighted values')).toBeTruthy();
    expect(api.saveRewardSettings).toHaveBeenCalledTimes(1);
  });

  it('saves an edited quiz question', async () => {
    api.saveQuiz.mockImplementation(async (q) => q);
    renderAt('/admin/rewards', '/admin/rewards', <RewardsAdminPanel />);
    const form = await screen.findByTestId('admin-rewards-quiz');
    const en = within(form).getByLabelText('Question (English)');
    await userEvent.clear(en);
    await userEvent.type(en, 'Pick the second');
    await userEvent.click(screen.getByTestId('admin-rewards-quiz-save'));
    await waitFor(() =>
      expect(api.saveQuiz).toHaveBeenCalledWith({
        questions: [{ ...quiz.questions[0]!, question: { en: 'Pick the second', ru: 'Выберите Б' } }],
      }),
    );
  });
});
