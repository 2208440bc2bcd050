import type { Message } from '@amora/shared/chat.ts';

/** A stored chat message for tests: hers, unread, plain text in English; `patch` sets what a test needs. */
export function testMessage(patch: Partial<Message> = {}): Message {
  return {
    _id: 'm1',
    chatId: 'c1',
    botId: 'b1',
    message: 'Hello there',
    bluredContent: null,
    date: '2025-01-01T12:00:00.000Z',
    like: false,
    readed: false,
    failed: false,
    self: false,
    eventType: null,
    delay: null,
    responseMessageId: null,
    isBlured: false,
    photo: null,
    voice: null,
    video: null,
    language: 'en',
    ...patch,
  };
}
