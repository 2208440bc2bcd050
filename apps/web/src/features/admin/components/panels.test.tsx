import type { AdminPromoCodeView, AdminUserView, BanResponse } from '@amora/shared/admin.ts';
import type { ThemeEvent } from '@amora/shared/platform.ts';
import type { CreatePromoCodeBody } from '@amora/shared/promo.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type * as AdminApi from '../api/admin-api.ts';
import { PlatformPanel } from './platform-panel.tsx';
import { PromoPanel } from './promo-panel.tsx';
import { UsersPanel } from './users-panel.tsx';
import { renderAt } from './test-utils.tsx';

const api = {
  searchUsers: vi.fn<(q: string) => Promise<AdminUserView[]>>(),
  banUser: vi.fn<(id: string, reason: string) => Promise<BanResponse>>(),
  unbanUser: vi.fn<(id: string) => Promise<BanResponse>>(),
  fetchMaintenance: vi.fn<() => Promise<boolean>>(),
  setMaintenance: vi.fn<(on: boolean) => Promise<boolean>>(),
  fetchThemeEvent: vi.fn<(name: string) => Promise<ThemeEvent>>(),
  setThemeEvent: vi.fn<(name: string, on: boolean) => Promise<ThemeEvent>>(),
  fetchPromoCodes: vi.fn<() => Promise<AdminPromoCodeView[]>>(),
  createPromoCode: vi.fn<(input: CreatePromoCodeBody) => Promise<unknown>>(),
};
vi.mock('../api/admin-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AdminApi>()),
  searchUsers: (q: string) => api.searchUsers(q),
  banUser: (id: string, reason: string) => api.banUser(id, reason),
  unbanUser: (id: string) => api.unbanUser(id),
  fetchMaintenance: () => api.fetchMaintenance(),
  setMaintenance: (on: boolean) => api.setMaintenance(on),
  fetchThemeEvent: (name: string) => api.fetchThemeEvent(name),
  setThemeEvent: (name: string, on: boolean) => api.setThemeEvent(name, on),
  fetchPromoCodes: () => api.fetchPromoCodes(),
  createPromoCode: (input: CreatePromoCodeBody) => api.createPromoCode(input),
}));

const carol: AdminUserView = {
  _id: 'u-carol',
  email: 'carol@example.com',
  name: 'Carol',
  status: 'Paid',
  role: 'user',
  partnerSource: null,
  source: null,
  affiliate_platform: null,
  utm_source: null,
  tokens: 1050,
  banned: { is: false, reason: null },
  deleted: false,
  createdAt: '2030-01-01T00:00:00.000Z',
};

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  useToastStore.setState({ toasts: [] });
});

describe('UsersPanel', () => {
  it('finds a user, bans with a reason, then lifts the ban', async () => {
    const user = userEvent.setup();
    api.searchUsers.mockResolvedValue([carol]);
    api.banUser.mockResolvedValue({ user: { _id: carol._id, banned: { is: true, reason: 'Spam' } } });
    api.unbanUser.mockResolvedValue({ user: { _id: carol._id, banned: { is: false, reason: null } } });
    const { router } = renderAt('/admin/users', '/admin/users', <UsersPanel />);

    await user.type(screen.getByLabelText('Email or user id'), ' carol {Enter}');
    const card = await screen.findByTestId('admin-user');
    expect(api.searchUsers).toHaveBeenCalledWith('carol');
    expect(router.state.location.search).toBe('?q=carol');
    expect(card).toHaveTextContent('carol@example.com');
    expect(card).toHaveTextContent('Paid · user');

    await user.click(within(card).getByRole('button', { name: 'Ban' }));
    await user.click(within(card).getByRole('button', { name: 'Ban this user' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Give the reason the user will see.');
    expect(api.banUser).not.toHaveBeenCalled();
    await user.type(within(card).getByLabelText('Reason for the ban'), 'Spam{Enter}');
    await waitFor(() => expect(card).toHaveAttribute('data-banned', 'true'));
    expect(api.banUser).toHaveBeenCalledWith('u-carol', 'Spam');
    expect(within(card).getByTestId('admin-user-ban-state')).toHaveTextContent('Banned — Spam');
    expect(within(card).getByRole('button', { name: 'Lift the ban' })).toHaveFocus();

    await user.click(within(card).getByRole('button', { name: 'Lift the ban' }));
    await waitFor(() => expect(card).toHaveAttribute('data-banned', 'false'));
    expect(api.unbanUser).toHaveBeenCalledWith('u-carol');
    expect(within(card).getByRole('button', { name: 'Ban' })).toHaveFocus();
  });

  it('searches the ?q= it is opened with and says when nothing matches', async () => {
    api.searchUsers.mockResolvedValue([]);
    renderAt('/admin/users?q=ghost%40example.com', '/admin/users', <UsersPanel />);
    expect(await screen.findByText('No account matches this search.')).toBeInTheDocument();
    expect(api.searchUsers).toHaveBeenCalledWith('ghost@example.com');
    expect(screen.getByLabelText('Email or user id')).toHaveValue('ghost@example.com');
  });

  it("shows the server's refusal of a ban and keeps the reason", async () => {
    const user = userEvent.setup();
    api.searchUsers.mockResolvedValue([carol]);
    api.banUser.mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'You cannot ban your own account'));
    renderAt('/admin/users?q=carol', '/admin/users', <UsersPanel />);
    const card = await screen.findByTestId('admin-user');
    await user.click(within(card).getByRole('button', { name: 'Ban' }));
    await user.type(within(card).getByLabelText('Reason for the ban'), 'Test{Enter}');
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'You cannot ban your own account',
      ),
    );
    expect(within(card).getByLabelText('Reason for the ban')).toHaveValue('Test');
    expect(card).toHaveAttribute('data-banned', 'false');
  });
});

describe('PlatformPanel', () => {
  it('turns maintenance on only after confirming, and off at once; toggles the Halloween theme', async () => {
    const user = userEvent.setup();
    api.fetchMaintenance.mockResolvedValue(false);
    api.setMaintenance.mockImplementation((on) => Promise.resolve(on));
    api.fetchThemeEvent.mockResolvedValue({ _id: 'halloween', name: 'Halloween', isActive: false });
    api.setThemeEvent.mockImplementation((_n, on) =>
      Promise.resolve({ _id: 'halloween', name: 'Halloween', isActive: on }),
    );
    renderAt('/admin/platform', '/admin/platform', <PlatformPanel />);

    const maintenance = await screen.findByRole('switch', { name: 'Maintenance' });
    expect(maintenance).toHaveAttribute('aria-checked', 'false');
    await user.click(maintenance);
    const dialog = await screen.findByRole('dialog', { name: 'Turn maintenance on?' });
    expect(api.setMaintenance).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Turn maintenance on' }));
    await waitFor(() => expect(maintenance).toHaveAttribute('aria-checked', 'true'));
    expect(api.setMaintenance).toHaveBeenCalledWith(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(maintenance);
    await waitFor(() => expect(maintenance).toHaveAttribute('aria-checked', 'false'));
    expect(api.setMaintenance).toHaveBeenLastCalledWith(false);

    const halloween = screen.getByRole('switch', { name: 'Halloween theme' });
    await user.click(halloween);
    await waitFor(() => expect(halloween).toHaveAttribute('aria-checked', 'true'));
    expect(api.setThemeEvent).toHaveBeenCalledWith('halloween', true);
  });
});

describe('PromoPanel', () => {
  it('checks the form, creates a discount code and lists the codes', async () => {
    const user = userEvent.setup();
    api.fetchPromoCodes.mockResolvedValue([]);
    api.createPromoCode.mockResolvedValue({});
    renderAt('/admin/promo', '/admin/promo', <PromoPanel />);
    expect(await screen.findByText('No promo codes yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(screen.getByText('Use 3 to 32 letters, digits, - or _.')).toBeInTheDocument();
    expect(api.createPromoCode).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Code'), 'spring-sale');
    await user.click(screen.getByRole('radio', { name: 'Discount on the next purchase' }));
    await user.type(screen.getByLabelText('Discount, %'), '95');
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    expect(screen.getByText('Enter a whole percent from 1 to 90.')).toBeInTheDocument();

    api.fetchPromoCodes.mockResolvedValue([
      {
        _id: 'p1',
        code: 'SPRING-SALE',
        kind: 'discount_percent',
        amount: 25,
        expiresAt: null,
        maxUses: 10,
        uses: 0,
        active: true,
        createdAt: '2030-01-01T00:00:00.000Z',
      },
    ]);
    await user.clear(screen.getByLabelText('Discount, %'));
    await user.type(screen.getByLabelText('Discount, %'), '25');
    await user.type(screen.getByLabelText('Maximum uses (optional)'), '10');
    await user.click(screen.getByRole('button', { name: 'Create promo code' }));
    await waitFor(() =>
      expect(api.createPromoCode).toHaveBeenCalledWith({
        code: 'SPRING-SALE',
        kind: 'discount_percent',
        amount: 25,
        maxUses: 10,
      }),
    );
    const row = await screen.findByTestId('admin-promo-code');
    expect(row).toHaveTextContent('SPRING-SALE');
    expect(row).toHaveTextContent('25 % off');
    expect(row).toHaveTextContent('Used 0 of 10');
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });
});
