import type { Bot } from '@amora/shared/bots.ts';
import type { Chat, Message } from '@amora/shared/chat.ts';
import { modeLabelFor } from '@amora/shared/companion.ts';
import { ChatStatus, Language, Mood, TypingState } from '@amora/shared/enums.ts';
import type { ChatStatePayload } from '@amora/shared/socket.ts';
import type { ChatRow, MessageRow } from '../../db/schema/chats.ts';

export function toMessageDto(m: MessageRow, botId: string): Message {
  return {
    _id: m.id,
    chatId: m.chatId,
    botId,
    // A blurred photo keeps her words (the caption); a blurred voice note hides its transcript.
    message: m.isBlured && !m.photo ? '' : m.text,
    bluredContent: m.bluredContent,
    date: m.createdAt.toISOString(),
    like: m.liked,
    readed: m.readed,
    failed: m.failed,
    self: m.self,
    eventType: m.eventType,
    delay: m.delayMs,
    responseMessageId: m.responseMessageId,
    isBlured: m.isBlured,
    photo: m.isBlured ? null : m.photo,
    voice: m.isBlured ? null : m.voice,
    video: m.isBlured ? null : m.video,
    language: m.language,
    timezone: m.timezone,
  };
}

export function toChatState(c: ChatRow): ChatStatePayload {
  return {
    chatId: c.id,
    level: c.level,
    points: c.points,
    mood: Mood.catch('Neutral').parse(c.mood),
    mode: modeLabelFor(c.mode),
    locked: c.locked,
    voiceMode: c.voiceMode,
    spicy: c.spicy,
    status: ChatStatus.catch('active').parse(c.status),
    language: Language.catch('en').parse(c.language),
  };
}

export function toChatDto(c: ChatRow, bot: Bot, last: MessageRow | null): Chat {
  const state = toChatState(c);
  return {
    _id: c.id,
    bot,
    lastMessage: last
      ? {
          _id: last.id,
          message: last.isBlured && !last.photo ? '' : last.text,
          date: last.createdAt.toISOString(),
          readed: last.readed,
          self: last.self,
          eventType: last.eventType,
          language: last.language,
        }
      : null,
    level: state.level,
    points: state.points,
    mood: state.mood,
    mode: state.mode,
    status: state.status,
    locked: c.locked,
    typing: TypingState.nullable().catch(null).parse(c.typing),
    voiceMode: c.voiceMode,
    spicy: c.spicy,
    videoRequested: c.videoRequested,
    language: Language.catch('en').parse(c.language),
    updatedAt: c.lastActivityAt.toISOString(),
  };
}
