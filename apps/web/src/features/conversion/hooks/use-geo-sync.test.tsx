import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../auth/store.ts';
import type * as ConversionApi from '../api/conversion-api.ts';
import { sendGeo } from '../api/conversion-api.ts';
import { useGeoSync } from './use-geo-sync.ts';

vi.mock('../api/conversion-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ConversionApi>()),
  sendGeo: vi.fn(() => Promise.resolve({ geo: { country: 'US', tier: 1 } })),
}));

function Probe() {
  useGeoSync();
  return null;
}

const renderWith = (geo: User['geo']) => {
  useAuthStore.setState({ user: { _id: 'u1', tokens: 500, geo } as User, accessToken: 't', status: 'ready' });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Probe />
    </QueryClientProvider>,
  );
};

describe('geo sync (SPEC §7: POST /api/user/geo when the user has no geo)', () => {
  beforeEach(() => vi.mocked(sendGeo).mockClear());

  it('asks the server once, with the landing expat flag, and keeps the tier it sets', async () => {
    localStorage.setItem('amora.utm', JSON.stringify({ isExpat: 'true' }));
    const view = renderWith({ tier: 2, country: null });
    await waitFor(() => expect(useAuthStore.getState().user?.geo).toEqual({ country: 'US', tier: 1 }));
    expect(sendGeo).toHaveBeenCalledTimes(1);
    expect(sendGeo).toHaveBeenCalledWith({ isExpat: true });
    view.unmount();
    // Not again in this browser session, even if the lookup placed no country.
    renderWith({ tier: 2, country: null });
    expect(sendGeo).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the user already has a geo country', () => {
    renderWith({ tier: 1, country: 'US' });
    expect(sendGeo).not.toHaveBeenCalled();
  });
});
