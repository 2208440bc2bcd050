import type { ChatWithMessages, Message } from '@amora/shared/chat.ts';
import { DEFAULT_TOKEN_COSTS } from '@amora/shared/rules.ts';
import type { Settings } from '@amora/shared/settings.ts';
import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { useAuthStore } from '../auth/store.ts';
import { chatKeys } from '../chats/api/chats-api.ts';
import type { ChatThread } from '../chats/cache.ts';
import { settingsKeys } from '../settings/api/settings-api.ts';
import { testMessage } from '../../test/message.ts';
import { useWalletUiStore } from '../wallet/store.ts';

/** Test helpers for the media feature: a message of hers, a chat thread and settings in the cache. */
export function herMessage(patch: Partial<Message> = {}): Message {
  return testMessage({ message: 'Here you go', date: new Date().toISOString(), readed: true, ...patch });
}

/** Prices that differ from the seeded defaults, so a test proves they come from settings. */
export const testCosts = {
  ...DEFAULT_TOKEN_COSTS,
  tokens_for_get_photo: 30,
  tokens_for_get_voice: 12,
  tokens_for_get_video: 250,
};

export function mediaSetup(messages: Message[], tokens = 100) {
  useAuthStore.setState({
    user: { _id: 'u1', tokens, status: 'Paid' } as User,
    accessToken: 't',
    status: 'ready',
  });
  useWalletUiStore.setState({ noTokensOpen: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const settings = { tokens: testCosts } as unknown as Settings;
  queryClient.setQueryData<Settings>(settingsKeys.all, settings);
  const page = { _id: 'c1', locked: false, messages, hasMore: false } as unknown as ChatWithMessages;
  queryClient.setQueryData<ChatThread>(chatKeys.thread('c1'), { pages: [page], pageParams: [undefined] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const thread = () => queryClient.getQueryData<ChatThread>(chatKeys.thread('c1'))!;
  const view = (ui: ReactElement) => render(ui, { wrapper });
  return { queryClient, wrapper, thread, view };
}
