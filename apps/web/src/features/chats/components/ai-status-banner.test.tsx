import type { AiStatus } from '@amora/shared/ai-status.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type * as AiStatusApi from '../api/ai-status-api.ts';
import { aiStatusKey } from '../api/ai-status-api.ts';
import { createRealtimeHandlers } from '../realtime.ts';
import { AiStatusBanner } from './ai-status-banner.tsx';

const fetchAiStatus = vi.fn<() => Promise<{ data: AiStatus }>>();
vi.mock('../api/ai-status-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AiStatusApi>()),
  fetchAiStatus: () => fetchAiStatus(),
}));

const status = (s: AiStatus['status']): AiStatus => ({
  engine: 'openai',
  status: s,
  lastErrorAt: s === 'ok' ? null : '2025-06-01T10:00:00.000Z',
  since: '2025-06-01T10:00:00.000Z',
  languages: ['en', 'ru'],
});

function setup(initial: AiStatus) {
  fetchAiStatus.mockResolvedValue({ data: initial });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AiStatusBanner />
    </QueryClientProvider>,
  );
  const handlers = createRealtimeHandlers(queryClient, {
    getActiveChatId: () => null,
    setTokens: () => undefined,
    onBanned: () => undefined,
  });
  const loaded = () => waitFor(() => expect(queryClient.getQueryData(aiStatusKey)).toBeDefined());
  return { handlers, loaded };
}

describe('AiStatusBanner', () => {
  it('shows nothing while the engine is ok, and appears when the socket says it is down', async () => {
    const { handlers, loaded } = setup(status('ok'));
    await loaded();
    expect(fetchAiStatus).toHaveBeenCalled();
    expect(screen.queryByTestId('ai-status-banner')).toBeNull();
    act(() => handlers.ai_status?.(status('down')));
    // react-query notifies its observers on the next tick.
    expect(await screen.findByTestId('ai-status-banner')).toHaveTextContent("She can't answer right now.");
    act(() => handlers.ai_status?.(status('ok')));
    await waitFor(() => expect(screen.queryByTestId('ai-status-banner')).toBeNull());
  });

  it('shows the notice when the engine is already down', async () => {
    setup(status('down'));
    expect(await screen.findByRole('status')).toHaveTextContent('message is refunded');
  });

  it('stays hidden for a degraded engine', async () => {
    await setup(status('degraded')).loaded();
    expect(screen.queryByTestId('ai-status-banner')).toBeNull();
  });
});
