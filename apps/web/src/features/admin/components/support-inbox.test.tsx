import type { Message } from '@amora/shared/chat.ts';
import type { SupportConversation } from '@amora/shared/platform.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type * as AdminApi from '../api/admin-api.ts';
import { THREAD_POLL_MS, type SupportThread } from '../api/admin-api.ts';
import { SupportInbox } from './support-inbox.tsx';
import { renderAt } from './test-utils.tsx';
import { testMessage } from '../../../test/message.ts';

const fetchInbox = vi.fn<() => Promise<SupportConversation[]>>();
const fetchThread = vi.fn<(chatId: string) => Promise<SupportThread>>();
const sendReply = vi.fn<(chatId: string, text: string) => Promise<Message>>();
vi.mock('../api/admin-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AdminApi>()),
  fetchInbox: () => fetchInbox(),
  fetchThread: (chatId: string) => fetchThread(chatId),
  sendReply: (chatId: string, text: string) => sendReply(chatId, text),
}));

const ann = { _id: 'u1', email: 'ann@example.com', name: 'Ann' };
const conversations: SupportConversation[] = [
  {
    chatId: 'c1',
    user: ann,
    lastMessage: { message: 'My tokens are gone', self: true, date: '2030-01-02T10:00:00.000Z' },
    awaitingReply: true,
  },
  {
    chatId: 'c2',
    user: { _id: 'u2', email: 'bob@example.com', name: null },
    lastMessage: { message: 'Fixed, sorry!', self: false, date: '2030-01-01T10:00:00.000Z' },
    awaitingReply: false,
  },
];

function message(id: string, text: string, self: boolean): Message {
  return testMessage({ _id: id, botId: 'support', message: text, date: '2030-01-02T10:00:00.000Z', self });
}

const thread = (messages: Message[]): SupportThread => ({
  ...conversations[0]!,
  awaitingReply: messages.at(-1)?.self ?? false,
  messages,
});

const renderInbox = (path: string) => renderAt(path, '/admin/support/:chatId?', <SupportInbox />);

describe('SupportInbox', () => {
  beforeEach(() => {
    for (const fn of [fetchInbox, fetchThread, sendReply]) fn.mockReset();
    fetchInbox.mockResolvedValue(conversations);
    fetchThread.mockResolvedValue(thread([message('m1', 'My tokens are gone', true)]));
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('lists the conversations and marks the ones waiting for an answer', async () => {
    renderInbox('/admin/support');
    const items = await screen.findAllByTestId('admin-conversation');
    expect(items.map((i) => i.getAttribute('data-chat-id'))).toEqual(['c1', 'c2']);
    expect(items[0]).toHaveAttribute('data-awaiting', 'true');
    expect(within(items[0]!).getByRole('img', { name: 'Waiting for an answer' })).toBeInTheDocument();
    expect(items[1]).toHaveAttribute('data-awaiting', 'false');
    expect(within(items[1]!).queryByRole('img')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('You: Fixed, sorry!');
    expect(screen.getByTestId('admin-inbox-waiting')).toHaveTextContent('1 waiting');
    expect(screen.getByText('Choose a conversation')).toBeInTheDocument();
    // A long name · email may end in an ellipsis on a phone; the whole of it is the title.
    const who = within(items[0]!).getByTitle(/@/);
    expect(who.getAttribute('title')).toBe(who.textContent);
  });

  it("opens a conversation with the user's messages and sends an answer with Enter", async () => {
    const user = userEvent.setup();
    sendReply.mockImplementation((_chatId, text) => Promise.resolve(message('m2', text, false)));
    renderInbox('/admin/support/c1');
    const list = await screen.findByTestId('admin-messages');
    expect(within(list).getByTestId('admin-message')).toHaveAttribute('data-from', 'user');
    expect(screen.getByRole('link', { name: 'Manage this user' })).toHaveAttribute(
      'href',
      '/admin/users?q=ann%40example.com',
    );

    const box = screen.getByLabelText('Your answer');
    await user.type(box, '  We found them  {Enter}');
    await waitFor(() => expect(sendReply).toHaveBeenCalledWith('c1', 'We found them'));
    await waitFor(() => expect(within(list).getAllByTestId('admin-message')).toHaveLength(2));
    expect(within(list).getAllByTestId('admin-message')[1]).toHaveAttribute('data-from', 'operator');
    expect(box).toHaveValue('');
  });

  it('refuses an empty answer and keeps the text when sending fails', async () => {
    const user = userEvent.setup();
    sendReply.mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Support conversation not found'));
    renderInbox('/admin/support/c1');
    await screen.findByTestId('admin-messages');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Write an answer first.');
    expect(sendReply).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Your answer'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
        'Support conversation not found',
      ),
    );
    expect(screen.getByLabelText('Your answer')).toHaveValue('Hello');
  });

  it("shows the user's new messages without a reload (the thread is polled)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderInbox('/admin/support/c1');
    const list = await screen.findByTestId('admin-messages');
    expect(within(list).getAllByTestId('admin-message')).toHaveLength(1);

    fetchThread.mockResolvedValue(
      thread([message('m1', 'My tokens are gone', true), message('m3', 'Are you there?', true)]),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(THREAD_POLL_MS + 50);
    });
    await waitFor(() => expect(within(list).getAllByTestId('admin-message')).toHaveLength(2));
    expect(list).toHaveTextContent('Are you there?');
  });
});
