import { DEFAULT_COMPANION_SETTINGS, type CompanionSettings, type Settings } from '@amora/shared/settings.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type * as OffersApi from '../api/offers-api.ts';
import { RelationshipPanel } from './relationship-panel.tsx';
import { renderAt } from './test-utils.tsx';

const api = {
  fetchAdminSettings: vi.fn<() => Promise<Settings>>(),
  save: vi.fn<(value: CompanionSettings) => Promise<Settings>>(),
};
vi.mock('../api/offers-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof OffersApi>()),
  fetchAdminSettings: () => api.fetchAdminSettings(),
}));
vi.mock('../api/relationship-api.ts', () => ({
  saveRelationshipRules: (value: CompanionSettings) => api.save(value),
}));

const rules = DEFAULT_COMPANION_SETTINGS;
const settings = { companion: rules } as unknown as Settings;

beforeEach(() => {
  api.fetchAdminSettings.mockReset().mockResolvedValue(settings);
  api.save.mockReset();
  useToastStore.setState({ toasts: [] });
});

describe('RelationshipPanel', () => {
  it('saves a slower pace and a moved level marker, keeping every other rule', async () => {
    const user = userEvent.setup();
    api.save.mockImplementation((value) => Promise.resolve({ ...settings, companion: value }));
    renderAt('/admin/relationship', '/admin/relationship', <RelationshipPanel />);
    const cap = await screen.findByLabelText('Daily cap, plain messages');
    expect(cap).toHaveValue(String(rules.daily_turn_cap));
    await user.clear(cap);
    await user.type(cap, '6,5');
    const level4 = screen.getByLabelText('Level 4 starts at');
    await user.clear(level4);
    await user.type(level4, '60');
    expect(screen.getByLabelText('Jewelry')).toHaveValue(String(rules.gift_points.jewelry));
    await user.click(screen.getByRole('button', { name: 'Save relationship rules' }));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(api.save).toHaveBeenCalledWith({ ...rules, daily_turn_cap: 6.5, level_markers: [20, 39, 60] });
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Relationship rules saved.'),
    );
  });

  it("shows the server's refusal and marks the fields it names", async () => {
    const user = userEvent.setup();
    api.save.mockRejectedValue(
      new ApiError(400, 'VALIDATION_ERROR', 'body.level_markers: The level markers must climb'),
    );
    renderAt('/admin/relationship', '/admin/relationship', <RelationshipPanel />);
    const level3 = await screen.findByLabelText('Level 3 starts at');
    await user.clear(level3);
    await user.type(level3, '10');
    await user.click(screen.getByRole('button', { name: 'Save relationship rules' }));
    expect(await screen.findByTestId('relationship-error')).toHaveTextContent('must climb');
    expect(level3).toHaveAttribute('aria-invalid', 'true');
    expect(level3).toHaveValue('10');
    expect(screen.getByLabelText('Daily cap, plain messages')).not.toHaveAttribute('aria-invalid');
  });
});
