import type { Bot } from '@amora/shared/bots.ts';
import type { Chat, ChatWithMessages, Message } from '@amora/shared/chat.ts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { chatKeys } from './api/chats-api.ts';
import {
  countUnread,
  olderPageParam,
  replaceMessage,
  threadMessages,
  upsertMessage,
  type ChatThread,
} from './cache.ts';
import { createRealtimeHandlers } from './realtime.ts';
import { testMessage } from '../../test/message.ts';

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
  photos: ['/media/main.webp'],
  avatar: null,
  video_avatar: null,
  is_video: false,
  video_quality: 0,
  events: [],
};

function message(id: string, overrides: Partial<Message> = {}): Message {
  return testMessage({
    _id: id,
    botId: 'bot1',
    message: `text ${id}`,
    date: new Date(Date.UTC(2025, 0, 1, 12, Number(id.replace(/\D/g, '')) || 0)).toISOString(),
    ...overrides,
  });
}

function chat(id: string, overrides: Partial<Chat> = {}): Chat {
  return {
    _id: id,
    bot: { ...bot, _id: `bot-${id}` },
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
    ...overrides,
  };
}

function thread(pages: Message[][], extra: Partial<ChatWithMessages> = {}): ChatThread {
  return {
    pages: pages.map((messages, i) => ({ ...chat('c1'), messages, hasMore: i < pages.length - 1, ...extra })),
    pageParams: pages.map((_, i) => (i === 0 ? undefined : `m${i}`)),
  };
}

function setup(activeChatId: string | null = null) {
  const queryClient = new QueryClient();
  const setTokens = vi.fn();
  const onBanned = vi.fn();
  const handlers = createRealtimeHandlers(queryClient, {
    getActiveChatId: () => activeChatId,
    setTokens,
    onBanned,
  });
  const getThread = () => queryClient.getQueryData<ChatThread>(chatKeys.thread('c1'))!;
  const getList = () => queryClient.getQueryData<Chat[]>(chatKeys.list())!;
  return { queryClient, handlers, setTokens, onBanned, getThread, getList };
}

describe('chat cache updates', () => {
  it('orders messages oldest first across pages, once each', () => {
    const t = thread([
      [message('m3'), message('m4')],
      [message('m1'), message('m2'), message('m3')],
    ]);
    expect(threadMessages(t).map((m) => m._id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('uses the oldest message as the cursor for older pages', () => {
    const page = { ...chat('c1'), messages: [message('m5'), message('m3')], hasMore: true };
    expect(olderPageParam(page)).toBe('m3');
    expect(olderPageParam({ ...page, hasMore: false })).toBeUndefined();
  });

  it('swaps the optimistic message for the stored one', () => {
    const temp = message('tmp-1', { self: true, message: 'Hi' });
    const stored = message('m9', { self: true, message: 'Hi' });
    const t = replaceMessage(thread([[message('m1'), temp]]), 'tmp-1', stored);
    expect(threadMessages(t).map((m) => m._id)).toEqual(['m1', 'm9']);
  });

  it('lets a stored copy from the socket take the place of the pending one', () => {
    const temp = message('tmp-1', { self: true, message: 'Hi' });
    const t = upsertMessage(thread([[temp]]), message('m9', { self: true, message: 'Hi' }));
    expect(threadMessages(t).map((m) => m._id)).toEqual(['m9']);
    // ...and the HTTP answer arriving later does not duplicate it.
    const after = replaceMessage(t, 'tmp-1', message('m9', { self: true, message: 'Hi' }));
    expect(threadMessages(after).map((m) => m._id)).toEqual(['m9']);
  });

  it('counts chats whose last message is unread and not ours', () => {
    const chats = [
      chat('a', { lastMessage: { _id: '1', message: 'x', date: '', readed: false, self: false } }),
      chat('b', { lastMessage: { _id: '2', message: 'x', date: '', readed: true, self: false } }),
      chat('c', { lastMessage: { _id: '3', message: 'x', date: '', readed: false, self: true } }),
      chat('d'),
    ];
    expect(countUnread(chats)).toBe(1);
  });
});

describe('socket events', () => {
  it('message: appends a new one, clears typing and updates the chat list', () => {
    const { queryClient, handlers, getThread, getList } = setup();
    queryClient.setQueryData(
      chatKeys.thread('c1'),
      thread([[message('m1')]], { typing: 'typing', locked: true }),
    );
    queryClient.setQueryData(chatKeys.list(), [chat('c0'), chat('c1', { typing: 'typing' })]);

    handlers.message!({ chatId: 'c1', message: message('m2', { message: 'Hey you' }) });

    expect(threadMessages(getThread()).map((m) => m._id)).toEqual(['m1', 'm2']);
    expect(getThread().pages[0]!.typing).toBeNull();
    const list = getList();
    expect(list[0]!._id).toBe('c1');
    expect(list[0]!.lastMessage).toMatchObject({ _id: 'm2', message: 'Hey you', self: false, readed: false });
    expect(list[0]!.typing).toBeNull();
  });

  it('message: replaces a known message by _id', () => {
    const { queryClient, handlers, getThread } = setup();
    queryClient.setQueryData(chatKeys.thread('c1'), thread([[message('m1'), message('m2')]]));
    handlers.message!({ chatId: 'c1', message: message('m1', { message: 'edited' }) });
    expect(threadMessages(getThread()).map((m) => m.message)).toEqual(['edited', 'text m2']);
  });

  it('message: counts as read when that chat is on screen', () => {
    const { queryClient, handlers, getList } = setup('c1');
    queryClient.setQueryData(chatKeys.thread('c1'), thread([[]]));
    queryClient.setQueryData(chatKeys.list(), [chat('c1')]);
    handlers.message!({ chatId: 'c1', message: message('m2') });
    expect(getList()[0]!.lastMessage?.readed).toBe(true);
  });

  it('typing: sets and clears her typing state', () => {
    const { queryClient, handlers, getThread } = setup();
    queryClient.setQueryData(chatKeys.thread('c1'), thread([[]]));
    handlers.typing!({ chatId: 'c1', state: 'voice' });
    expect(getThread().pages[0]!.typing).toBe('voice');
    handlers.typing!({ chatId: 'c1', state: null });
    expect(getThread().pages[0]!.typing).toBeNull();
  });

  it('chat: updates level, points, mood and unlocks', () => {
    const { queryClient, handlers, getThread, getList } = setup();
    queryClient.setQueryData(chatKeys.thread('c1'), thread([[]], { locked: true }));
    queryClient.setQueryData(chatKeys.list(), [chat('c1', { locked: true })]);
    handlers.chat!({
      chatId: 'c1',
      level: 2,
      points: 24,
      mood: 'Crush',
      mode: 'gentle',
      locked: false,
      voiceMode: false,
      spicy: false,
      status: 'active',
      language: 'ru',
    });
    expect(getThread().pages[0]).toMatchObject({
      level: 2,
      points: 24,
      mood: 'Crush',
      locked: false,
      language: 'ru',
    });
    expect(getList()[0]).toMatchObject({ level: 2, points: 24, locked: false, language: 'ru' });
  });

  it('read: another device read her messages, so this one marks them read and drops the badge', () => {
    const { queryClient, handlers, getThread, getList } = setup();
    queryClient.setQueryData(
      chatKeys.thread('c1'),
      thread([[message('m1', { self: true, readed: true }), message('m2'), message('m3')]]),
    );
    const last = {
      _id: 'm3',
      message: 'text m3',
      date: '2025-01-01T12:03:00.000Z',
      readed: false,
      self: false,
    };
    queryClient.setQueryData(chatKeys.list(), [
      chat('c1', { lastMessage: last }),
      chat('c2', { lastMessage: last }),
    ]);
    expect(countUnread(getList())).toBe(2);
    handlers.read!({ chatId: 'c1' });
    expect(threadMessages(getThread()).every((m) => m.readed)).toBe(true);
    expect(getList()[0]!.lastMessage!.readed).toBe(true);
    expect(countUnread(getList())).toBe(1);
  });

  it('message_failed: marks the message as failed', () => {
    const { queryClient, handlers, getThread } = setup();
    queryClient.setQueryData(chatKeys.thread('c1'), thread([[message('m1', { self: true })]]));
    handlers.message_failed!({ chatId: 'c1', messageId: 'm1' });
    expect(threadMessages(getThread())[0]!.failed).toBe(true);
  });

  it('tokens: updates the balance', () => {
    const { handlers, setTokens } = setup();
    handlers.tokens!({ tokens: 488 });
    expect(setTokens).toHaveBeenCalledWith(488);
  });

  it('user_refresh: reloads the user and marks the subscription and wallet stale', () => {
    const queryClient = new QueryClient();
    const onUserRefresh = vi.fn();
    const handlers = createRealtimeHandlers(queryClient, {
      getActiveChatId: () => null,
      setTokens: vi.fn(),
      onBanned: vi.fn(),
      onUserRefresh,
    });
    queryClient.setQueryData(['subscription', 'last'], { subscription: null });
    queryClient.setQueryData(['wallet'], { tokens: 1, entries: [] });
    queryClient.setQueryData(chatKeys.list(), []);
    handlers.user_refresh!({ reason: 'subscription' });
    expect(onUserRefresh).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['subscription', 'last'])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['wallet'])!.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(chatKeys.list())!.isInvalidated).toBe(false);
  });

  it('banned: reports the reason', () => {
    const { handlers, onBanned } = setup();
    handlers.banned!({ reason: 'spam' });
    expect(onBanned).toHaveBeenCalledWith('spam');
  });

  it('ignores events for chats that are not loaded', () => {
    const { queryClient, handlers } = setup();
    handlers.typing!({ chatId: 'nope', state: 'typing' });
    handlers.message!({ chatId: 'nope', message: message('m1') });
    expect(queryClient.getQueryData(chatKeys.thread('nope'))).toBeUndefined();
  });
});
