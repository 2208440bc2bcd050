import type { Chat, ChatWithMessages, Message } from '@amora/shared/chat.ts';
import type { ChatStatePayload } from '@amora/shared/socket.ts';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * Pure updates of the chat caches. A thread is the infinite query of `GET /api/chat/:id`:
 * pages[0] is the newest page (it also carries the live chat state), later pages are older.
 */
export type ChatThread = InfiniteData<ChatWithMessages>;
export type ChatPatch = Partial<
  Pick<
    Chat,
    'level' | 'points' | 'mood' | 'mode' | 'locked' | 'voiceMode' | 'spicy' | 'status' | 'typing' | 'language'
  >
>;

export const TEMP_ID_PREFIX = 'tmp-';

export function isTempId(id: string): boolean {
  return id.startsWith(TEMP_ID_PREFIX);
}

function mapPages(
  thread: ChatThread,
  fn: (page: ChatWithMessages, index: number) => ChatWithMessages,
): ChatThread {
  return { ...thread, pages: thread.pages.map(fn) };
}

function hasMessage(thread: ChatThread, id: string): boolean {
  return thread.pages.some((page) => page.messages.some((m) => m._id === id));
}

/** A message from the server: replaces the one with the same `_id` (or our pending copy of it), else is appended. */
export function upsertMessage(thread: ChatThread, message: Message): ChatThread {
  if (hasMessage(thread, message._id)) {
    return mapPages(thread, (page) => ({
      ...page,
      messages: page.messages.map((m) => (m._id === message._id ? message : m)),
    }));
  }
  if (message.self) {
    const pending = thread.pages[0]?.messages.find((m) => isTempId(m._id) && m.message === message.message);
    if (pending) return replaceMessage(thread, pending._id, message);
  }
  return appendMessage(thread, message);
}

export function appendMessage(thread: ChatThread, message: Message): ChatThread {
  return mapPages(thread, (page, index) =>
    index === 0 ? { ...page, messages: [...page.messages, message] } : page,
  );
}

/** Swaps our optimistic copy for the stored message (dropping a copy the socket may already have delivered). */
export function replaceMessage(thread: ChatThread, tempId: string, message: Message): ChatThread {
  const alreadyThere = hasMessage(thread, message._id);
  return mapPages(thread, (page) => ({
    ...page,
    messages: page.messages.flatMap((m) => {
      if (m._id === tempId) return alreadyThere ? [] : [message];
      return [m];
    }),
  }));
}

export function removeMessage(thread: ChatThread, id: string): ChatThread {
  return mapPages(thread, (page) => ({ ...page, messages: page.messages.filter((m) => m._id !== id) }));
}

export function markMessageFailed(thread: ChatThread, id: string): ChatThread {
  return mapPages(thread, (page) => ({
    ...page,
    messages: page.messages.map((m) => (m._id === id ? { ...m, failed: true } : m)),
  }));
}

/** Her messages read (on this or another of the user's devices). */
export function markThreadRead(thread: ChatThread): ChatThread {
  if (!thread.pages.some((page) => page.messages.some((m) => !m.self && !m.readed))) return thread;
  return mapPages(thread, (page) => ({
    ...page,
    messages: page.messages.map((m) => (!m.self && !m.readed ? { ...m, readed: true } : m)),
  }));
}

export function patchThread(thread: ChatThread, patch: ChatPatch): ChatThread {
  return mapPages(thread, (page) => ({ ...page, ...patch }));
}

export function chatStatePatch(payload: ChatStatePayload): ChatPatch {
  const rest = payload;
  const patch: ChatPatch = {
    level: rest.level,
    points: rest.points,
    mood: rest.mood,
    mode: rest.mode,
    locked: rest.locked,
    voiceMode: rest.voiceMode,
    status: rest.status,
  };
  if (typeof rest.spicy === 'boolean') patch.spicy = rest.spicy;
  if (rest.language) patch.language = rest.language;
  return patch;
}

/** All messages of a thread, oldest first, each once. */
export function threadMessages(thread: ChatThread | undefined): Message[] {
  if (!thread) return [];
  const seen = new Set<string>();
  const all: Message[] = [];
  for (let i = thread.pages.length - 1; i >= 0; i -= 1) {
    for (const message of thread.pages[i]!.messages) {
      if (seen.has(message._id)) continue;
      seen.add(message._id);
      all.push(message);
    }
  }
  return all
    .map((message, index) => ({ message, index, time: Date.parse(message.date) || 0 }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map((entry) => entry.message);
}

/** The `before` cursor for the next older page, if the server says there is one. */
export function olderPageParam(page: ChatWithMessages): string | undefined {
  if (!page.hasMore) return undefined;
  const oldest = page.messages.reduce<Message | undefined>((acc, m) => {
    if (isTempId(m._id)) return acc;
    if (!acc) return m;
    return Date.parse(m.date) < Date.parse(acc.date) ? m : acc;
  }, undefined);
  return oldest?._id;
}

export function isUnread(chat: Pick<Chat, 'lastMessage'>): boolean {
  return Boolean(chat.lastMessage && !chat.lastMessage.self && !chat.lastMessage.readed);
}

export function countUnread(chats: readonly Pick<Chat, 'lastMessage'>[] | undefined): number {
  return chats ? chats.filter(isUnread).length : 0;
}

/** The chat list after a message: that chat's last message changes and it moves to the top. */
export function listWithMessage(list: Chat[], chatId: string, message: Message, read: boolean): Chat[] {
  const index = list.findIndex((c) => c._id === chatId);
  if (index < 0) return list;
  const chat = list[index]!;
  const updated: Chat = {
    ...chat,
    typing: message.self ? chat.typing : null,
    updatedAt: message.date,
    lastMessage: {
      _id: message._id,
      message: message.message,
      date: message.date,
      self: message.self,
      readed: message.self || read || message.readed,
      eventType: message.eventType ?? null,
      language: message.language ?? null,
    },
  };
  return [updated, ...list.slice(0, index), ...list.slice(index + 1)];
}

export function patchListChat(list: Chat[], chatId: string, patch: ChatPatch): Chat[] {
  let changed = false;
  const next = list.map((c) => {
    if (c._id !== chatId) return c;
    changed = true;
    return { ...c, ...patch };
  });
  return changed ? next : list;
}

export function markListRead(list: Chat[], chatId: string): Chat[] {
  let changed = false;
  const next = list.map((c) => {
    if (c._id !== chatId || !c.lastMessage || c.lastMessage.readed) return c;
    changed = true;
    return { ...c, lastMessage: { ...c.lastMessage, readed: true } };
  });
  return changed ? next : list;
}
