import type { AdminUserView } from '@amora/shared/admin.ts';
import type { RoleBody, RoleResponse } from '@amora/shared/insights.ts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as AdminApi from '../api/admin-api.ts';
import { RoleForm } from './role-form.tsx';
import { renderAt } from './test-utils.tsx';

const setUserRole = vi.fn<(id: string, body: RoleBody) => Promise<RoleResponse>>();
vi.mock('../api/admin-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AdminApi>()),
  setUserRole: (id: string, body: RoleBody) => setUserRole(id, body),
}));

const dana: AdminUserView = {
  _id: 'u-dana',
  email: 'dana@example.com',
  name: 'Dana',
  status: 'New',
  role: 'user',
  partnerSource: null,
  source: null,
  affiliate_platform: null,
  utm_source: null,
  tokens: 500,
  banned: { is: false, reason: null },
  deleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('assigning a role in the console', () => {
  it('asks a partner’s traffic source before saving, then sends role and source', async () => {
    setUserRole.mockResolvedValue({ user: { _id: 'u-dana', role: 'partner', partnerSource: 'tiktok-ads' } });
    renderAt('/admin/users', '/admin/users', <RoleForm user={dana} q="dana" />);
    await userEvent.selectOptions(screen.getByTestId('admin-role'), 'partner');
    await userEvent.click(screen.getByTestId('admin-role-save'));
    expect(await screen.findByRole('alert')).toHaveTextContent("partner's traffic source");
    expect(setUserRole).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('admin-partner-source'), 'tiktok-ads');
    await userEvent.click(screen.getByTestId('admin-role-save'));
    expect(setUserRole).toHaveBeenCalledWith('u-dana', { role: 'partner', partnerSource: 'tiktok-ads' });
  });

  it('sends no source for the other roles', async () => {
    setUserRole.mockResolvedValue({ user: { _id: 'u-dana', role: 'admin', partnerSource: null } });
    renderAt('/admin/users', '/admin/users', <RoleForm user={dana} q="dana" />);
    await userEvent.selectOptions(screen.getByTestId('admin-role'), 'admin');
    expect(screen.queryByTestId('admin-partner-source')).toBeNull();
    await userEvent.click(screen.getByTestId('admin-role-save'));
    expect(setUserRole).toHaveBeenCalledWith('u-dana', { role: 'admin' });
  });
});
