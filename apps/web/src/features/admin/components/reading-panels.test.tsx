import type { AdminFeedbackView } from '@amora/shared/admin.ts';
import {
  DEFAULT_BILLING_SETTINGS,
  DEFAULT_GIFTS,
  DEFAULT_TOKEN_COSTS,
  type Settings,
} from '@amora/shared/settings.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import type * as OffersApi from '../api/offers-api.ts';
import { CostsPanel } from './costs-panel.tsx';
import { FeedbackPanel } from './feedback-panel.tsx';
import { renderAt } from './test-utils.tsx';

const api = {
  fetchAdminSettings: vi.fn<() => Promise<Settings>>(),
  save: vi.fn<(section: string, value: unknown) => Promise<Settings>>(),
  feedback: vi.fn<() => Promise<AdminFeedbackView[]>>(),
};
vi.mock('../api/offers-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof OffersApi>()),
  fetchAdminSettings: () => api.fetchAdminSettings(),
}));
vi.mock('../api/reading-api.ts', () => ({
  readingKeys: { feedback: () => ['admin', 'feedback'] },
  fetchFeedback: () => api.feedback(),
  saveSection: (section: string, value: unknown) => api.save(section, value),
}));

const settings = {
  tokens: DEFAULT_TOKEN_COSTS,
  gifts: DEFAULT_GIFTS,
  billing: DEFAULT_BILLING_SETTINGS,
} as unknown as Settings;

beforeEach(() => {
  api.fetchAdminSettings.mockReset().mockResolvedValue(settings);
  api.save.mockReset();
  api.feedback.mockReset();
});

describe('CostsPanel', () => {
  it('saves a new message cost and a gift price, each section on its own', async () => {
    const user = userEvent.setup();
    api.save.mockImplementation((section, value) => Promise.resolve({ ...settings, [section]: value }));
    renderAt('/admin/costs', '/admin/costs', <CostsPanel />);
    const message = await screen.findByLabelText('A message');
    await user.clear(message);
    await user.type(message, '3');
    await user.click(within(screen.getByTestId('costs-tokens')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(api.save).toHaveBeenCalledWith('tokens', { ...DEFAULT_TOKEN_COSTS, tokens_for_message: 3 });

    const flowers = screen.getByLabelText('Flowers: price in tokens');
    await user.clear(flowers);
    await user.type(flowers, '44');
    await user.click(within(screen.getByTestId('costs-gifts')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(2));
    const [section, gifts] = api.save.mock.calls[1]!;
    expect(section).toBe('gifts');
    expect((gifts as { id: string; tokens: number }[]).find((g) => g.id === 'flowers')!.tokens).toBe(44);
  });

  it("shows the server's refusal on the field it names", async () => {
    const user = userEvent.setup();
    api.save.mockRejectedValue(
      new ApiError(400, 'VALIDATION_ERROR', 'body.tier_3_countries.0: An ISO country code (US)'),
    );
    renderAt('/admin/costs', '/admin/costs', <CostsPanel />);
    const tier3 = await screen.findByLabelText('Tier 3 countries (ISO codes)');
    await user.clear(tier3);
    await user.type(tier3, 'USA');
    await user.click(within(screen.getByTestId('costs-billing')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tier3).toHaveAttribute('aria-invalid', 'true'));
    expect(api.save.mock.calls[0]![1]).toMatchObject({ tier_3_countries: ['USA'] });
  });
});

describe('FeedbackPanel', () => {
  it('lists feedback with its rating, character and user', async () => {
    api.feedback.mockResolvedValue([
      {
        _id: 'f1',
        rating: 2,
        text: 'She forgot my name',
        createdAt: '2030-01-01T10:00:00.000Z',
        chatId: 'c1',
        user: { _id: 'u1', email: 'robin@example.com' },
        bot: { _id: 'b1', name: 'Yuki' },
      },
    ]);
    renderAt('/admin/feedback', '/admin/feedback', <FeedbackPanel />);
    const row = await screen.findByTestId('feedback-row');
    expect(row).toHaveTextContent('She forgot my name');
    expect(row).toHaveTextContent('Yuki');
    expect(row).toHaveTextContent('robin@example.com');
    expect(within(row).getByLabelText('Rated 2 of 5')).toBeInTheDocument();
  });

  it('says so when there is none', async () => {
    api.feedback.mockResolvedValue([]);
    renderAt('/admin/feedback', '/admin/feedback', <FeedbackPanel />);
    expect(await screen.findByText('No feedback yet.')).toBeInTheDocument();
  });
});
