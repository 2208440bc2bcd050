import type { Chat, ChatWithMessages, Message } from '@amora/shared/chat.ts';
import { deviceTimeZone } from '../../../lib/dates.ts';
import { api } from '../../../lib/api-client.ts';

export const chatKeys = {
  all: ['chats'] as const,
  list: () => ['chats', 'list'] as const,
  thread: (id: string) => ['chats', 'thread', id] as const,
};

export function fetchChats(signal?: AbortSignal): Promise<{ data: Chat[] }> {
  return api.get<{ data: Chat[] }>('/chat', { signal });
}

export function fetchChatPage(
  id: string,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<{ data: ChatWithMessages }> {
  return api.get<{ data: ChatWithMessages }>(`/chat/${encodeURIComponent(id)}`, {
    query: { before },
    signal,
  });
}

export function createChat(botId: string, language?: string): Promise<{ data: { chat: Chat } }> {
  return api.post<{ data: { chat: Chat } }>('/chat', language ? { botId, language } : { botId });
}

export function sendTextMessage(
  chatId: string,
  message: string,
): Promise<{ updatedTokens: number; message: Message }> {
  return api.post<{ updatedTokens: number; message: Message }>(`/chat/send/${encodeURIComponent(chatId)}`, {
    message: { message, timezone: deviceTimeZone() },
    type: 'text',
  });
}

/** `POST /api/chat/command/:id` (DESIGN §4): `gift:flowers`, `mode:dominant`, `reset`... */
export function sendCommand(chatId: string, command: string): Promise<{ updatedTokens: number }> {
  return api.post<{ updatedTokens: number }>(`/chat/command/${encodeURIComponent(chatId)}`, {
    command,
    requestId: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
  });
}

export function toggleLike(chatId: string, messageId: string): Promise<{ message: Message }> {
  return api.post<{ message: Message }>(
    `/chat/${encodeURIComponent(chatId)}/like/${encodeURIComponent(messageId)}`,
  );
}

export function markChatRead(chatId: string): Promise<{ updated: number }> {
  return api.post<{ updated: number }>(`/chat/${encodeURIComponent(chatId)}/read`);
}

export function resetAllChats(): Promise<{ reset: number }> {
  return api.post<{ reset: number }>('/chat/reset-all');
}
