import type { Bot } from '@amora/shared/bots.ts';
import type { Chat } from '@amora/shared/chat.ts';
import { DEFAULT_COMPANION_SETTINGS, DEFAULT_GIFTS } from '@amora/shared/settings.ts';
import type { User } from '@amora/shared/user.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../auth/store.ts';
import { settingsKeys } from '../../settings/api/settings-api.ts';
import { useWalletUiStore } from '../../wallet/store.ts';
import type * as ChatsApi from '../api/chats-api.ts';
import { languages as allLanguages, type Language } from '@amora/shared/enums.ts';
import { aiStatusKey } from '../api/ai-status-api.ts';
import { CommandsPanel } from './commands-panel.tsx';

const sendCommand = vi.fn<(chatId: string, command: string) => Promise<{ updatedTokens: number }>>();
vi.mock('../api/chats-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ChatsApi>()),
  sendCommand: (chatId: string, command: string) => sendCommand(chatId, command),
}));

const bot: Bot = {
  _id: 'bot1',
  remote_id: 7,
  name: 'Mia',
  age: 23,
  sex: 'female',
  type: 'realistic',
  body_type: 'slim',
  hobbies: ['yoga'],
  hobbies_ru: ['йога'],
  desc: { en: '', ru: '' },
  photos: [],
  avatar: null,
  video_avatar: null,
  is_video: true,
  video_quality: 3,
  events: [],
};
const chat = (over: Partial<Chat> = {}): Chat => ({
  _id: 'c1',
  bot,
  lastMessage: null,
  level: 1,
  points: 0,
  mood: 'Neutral',
  mode: 'gentle',
  status: 'active',
  locked: false,
  typing: null,
  voiceMode: false,
  spicy: false,
  videoRequested: 0,
  language: 'en',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

function renderPanel(c: Chat, languages?: Language[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (languages)
    qc.setQueryData(aiStatusKey, {
      engine: 'test',
      status: 'ok',
      lastErrorAt: null,
      since: '2025-01-01T00:00:00.000Z',
      languages,
    });
  const settings = {
    purchase: [],
    subscription: [],
    tokens: {},
    gifts: DEFAULT_GIFTS,
    companion: DEFAULT_COMPANION_SETTINGS,
  };
  qc.setQueryData(settingsKeys.all, settings);
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <CommandsPanel chat={c} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const setUser = (over: Partial<User>) =>
  useAuthStore.setState({
    user: { ...(useAuthStore.getState().user ?? ({} as User)), tokens: 500, status: 'Paid', ...over },
  });

beforeEach(() => {
  sendCommand.mockReset();
  useWalletUiStore.setState({ noTokensOpen: false });
  setUser({});
});

describe('CommandsPanel', () => {
  it('goes empty → commands → gift and shows the quick actions of her mood', () => {
    renderPanel(chat({ mood: 'Crush', level: 1 }));
    expect(screen.getByTestId('commands-panel')).toHaveAttribute('data-state', 'empty');
    fireEvent.click(screen.getByTestId('commands-toggle'));
    expect(screen.getByTestId('commands-panel')).toHaveAttribute('data-state', 'commands');
    expect(screen.getByTestId('quick-request:photo')).toHaveAttribute('data-locked', 'true');
    // Her private album, with this chat to come back to.
    expect(screen.getByTestId('quick-album').getAttribute('href')).toMatch(
      /^\/album\/\d+\?type=non-explicit&chat=.+$/,
    );
    expect(screen.queryByTestId('quick-request:video')).toBeNull();
    fireEvent.click(screen.getByTestId('quick-request:photo'));
    expect(screen.getByTestId('command-notice')).toHaveTextContent('Available at level 2');
    fireEvent.click(screen.getByTestId('gift-toggle'));
    expect(screen.getByTestId('commands-panel')).toHaveAttribute('data-state', 'gift');
    expect(screen.getByTestId('gift-jewelry')).toHaveTextContent('75');
  });

  it('shakes the gift icon and highlights vitamins when she is ill', () => {
    renderPanel(chat({ mood: 'Sick' }));
    expect(screen.getByTestId('gift-toggle')).toHaveAttribute('data-shaking', 'true');
    fireEvent.click(screen.getByTestId('gift-toggle'));
    expect(screen.getByTestId('gift-vitamins')).toHaveAttribute('data-highlighted', 'true');
  });

  it('sends a gift and updates the balance', async () => {
    sendCommand.mockResolvedValue({ updatedTokens: 470 });
    renderPanel(chat());
    fireEvent.click(screen.getByTestId('gift-toggle'));
    fireEvent.click(screen.getByTestId('gift-flowers'));
    await waitFor(() => expect(useAuthStore.getState().user?.tokens).toBe(470));
    expect(sendCommand).toHaveBeenCalledWith('c1', 'gift:flowers');
  });

  it('opens the no-tokens popup on 402 and without asking when the balance is short', async () => {
    sendCommand.mockRejectedValue(new ApiError(402, 'INSUFFICIENT_TOKENS', 'Not enough tokens'));
    renderPanel(chat());
    fireEvent.click(screen.getByTestId('gift-toggle'));
    fireEvent.click(screen.getByTestId('gift-flowers'));
    await waitFor(() => expect(useWalletUiStore.getState().noTokensOpen).toBe(true));
    useWalletUiStore.setState({ noTokensOpen: false });
    setUser({ tokens: 10 });
    fireEvent.click(screen.getByTestId('gift-toggle'));
    fireEvent.click(screen.getByTestId('gift-toggle'));
    fireEvent.click(screen.getByTestId('gift-jewelry'));
    expect(useWalletUiStore.getState().noTokensOpen).toBe(true);
    expect(sendCommand).toHaveBeenCalledTimes(1);
  });

  it('shows the reason of a 403', async () => {
    sendCommand.mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'Available at level 3'));
    renderPanel(chat({ mood: 'Cold', level: 2 }));
    fireEvent.click(screen.getByTestId('commands-toggle'));
    fireEvent.click(screen.getByTestId('quick-voice:on'));
    expect(await screen.findByTestId('command-notice')).toHaveTextContent('Available at level 3');
  });

  it('gives a New-status user only reload and no gifts', () => {
    setUser({ status: 'New' });
    renderPanel(chat({ mood: 'Crush' }));
    expect(screen.queryByTestId('gift-toggle')).toBeNull();
    fireEvent.click(screen.getByTestId('commands-toggle'));
    // Her private album stays in the menu: its free categories are open to every signed-in user.
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Reload', 'Private album']);
  });

  it('switches her mode from the commands panel: three buttons, the current one pressed', async () => {
    sendCommand.mockResolvedValue({ updatedTokens: 500 });
    renderPanel(chat({ mode: 'gentle' }), ['en', 'ru']);
    fireEvent.click(screen.getByTestId('commands-toggle'));
    const group = screen.getByRole('group', { name: 'Her mode:' });
    expect(group).toBeInTheDocument();
    expect(screen.getByTestId('mode-gentle')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('mode-dominant')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Submissive' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('mode-gentle'));
    expect(sendCommand).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('mode-dominant'));
    await waitFor(() => expect(sendCommand).toHaveBeenCalledWith('c1', 'mode:dominant'));
  });

  it('marks the mode the chat is in', () => {
    renderPanel(chat({ mode: 'submissive' }), ['en', 'ru']);
    fireEvent.click(screen.getByTestId('commands-toggle'));
    expect(screen.getByTestId('mode-submissive')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('mode-gentle')).toHaveAttribute('aria-pressed', 'false');
  });

  it('has no mode buttons for a New-status user', () => {
    setUser({ status: 'New' });
    renderPanel(chat(), ['en', 'ru']);
    fireEvent.click(screen.getByTestId('commands-toggle'));
    expect(screen.queryByTestId('chat-modes')).toBeNull();
  });

  it('offers only the languages the built-in engine writes, and says so', async () => {
    sendCommand.mockResolvedValue({ updatedTokens: 500 });
    renderPanel(chat(), ['en', 'ru']);
    fireEvent.click(screen.getByTestId('commands-toggle'));
    fireEvent.click(screen.getByTestId('quick-language'));
    const list = await screen.findByTestId('chat-language-list');
    expect(list.querySelectorAll('button')).toHaveLength(2);
    expect(screen.queryByTestId('chat-language-de')).toBeNull();
    expect(screen.getByTestId('chat-language-note')).toHaveTextContent(
      'On this server she writes only in English, Русский.',
    );
    fireEvent.click(screen.getByTestId('chat-language-ru'));
    await waitFor(() => expect(sendCommand).toHaveBeenCalledWith('c1', 'language:ru'));
  });

  it('offers all 13 languages, without the note, when the engine writes them', async () => {
    renderPanel(chat(), [...allLanguages]);
    fireEvent.click(screen.getByTestId('commands-toggle'));
    fireEvent.click(screen.getByTestId('quick-language'));
    const list = await screen.findByTestId('chat-language-list');
    expect(list.querySelectorAll('button')).toHaveLength(13);
    expect(screen.getByTestId('chat-language-ja')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-language-note')).toBeNull();
  });
});
