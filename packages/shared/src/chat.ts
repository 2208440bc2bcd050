import { z } from 'zod';
import { userText } from './text-schema.ts';
import { Bot } from './bots.ts';
import { POINTS_MAX } from './constants.ts';
import { ChatMode, ChatStatus, Language, Mood, TypingState } from './enums.ts';

/** An IANA time zone the runtime knows (`Europe/Berlin`, `UTC`). */
export const timeZone = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][\w+-]*(?:\/[\w+-]+)*$/, 'Not a time zone')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone');

export const Message = z
  .object({
    _id: z.string(),
    chatId: z.string(),
    botId: z.string(),
    message: z.string(),
    bluredContent: z.string().nullable(),
    date: z.string(),
    like: z.boolean(),
    readed: z.boolean(),
    failed: z.boolean(),
    self: z.boolean(),
    eventType: z.string().nullable(),
    delay: z.number().int().nullable(),
    responseMessageId: z.string().nullable(),
    isBlured: z.boolean(),
    photo: z.string().nullable(),
    voice: z.string().nullable(),
    video: z.string().nullable(),
    language: z.string().nullable(),
    /** The sender's IANA time zone (his messages; SPEC §3). */
    timezone: z.string().nullish(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

export const LastMessage = z.object({
  _id: z.string(),
  message: z.string(),
  date: z.string(),
  readed: z.boolean(),
  self: z.boolean(),
  /** Set for a relationship event (level change, mode, chat language): the list shows it in words. */
  eventType: z.string().nullish(),
  language: z.string().nullish(),
});

export const Chat = z
  .object({
    _id: z.string(),
    bot: Bot,
    lastMessage: LastMessage.nullable(),
    level: z.number().int().min(1).max(4),
    points: z.number().int().min(0).max(POINTS_MAX),
    mood: Mood,
    mode: ChatMode,
    status: ChatStatus,
    locked: z.boolean(),
    typing: TypingState.nullable(),
    voiceMode: z.boolean(),
    spicy: z.boolean(),
    videoRequested: z.number().int(),
    language: Language,
    updatedAt: z.string(),
  })
  .meta({ id: 'Chat' });
export type Chat = z.infer<typeof Chat>;

export const ChatWithMessages = Chat.extend({
  messages: z.array(Message),
  hasMore: z.boolean(),
}).meta({ id: 'ChatWithMessages' });
export type ChatWithMessages = z.infer<typeof ChatWithMessages>;

export const CreateChatBody = z
  .object({ botId: z.string().min(1).max(64), language: Language.optional() })
  .strict();
export const ChatListResponse = z.object({ data: z.array(Chat) });
export const ChatResponse = z.object({ data: z.object({ chat: Chat }) });
export const ChatHistoryQuery = z.object({ before: z.string().min(1).max(64).optional() });
export const ChatHistoryResponse = z.object({ data: ChatWithMessages });

export const messageTypes = ['text', 'photo'] as const;
/**
 * The send body. Length is checked by the service (so that it answers MESSAGE_TOO_LONG, not a
 * generic validation error); the schema only bounds the raw size.
 */
export const SendMessageBody = z
  .object({
    message: z
      .object({
        message: userText().max(10_000).optional(),
        photo: z.string().max(2_000_000).optional(),
        timezone: timeZone.optional(),
      })
      .strict(),
    type: z.enum(messageTypes).default('text'),
  })
  .strict();
export type SendMessageBody = z.infer<typeof SendMessageBody>;
export const SendMessageResponse = z.object({ updatedTokens: z.number().int(), message: Message });

export const CommandBody = z
  .object({
    /** A command of DESIGN §4 (`gift:flowers`, `mode:dominant`, `reset`...); see companion.ts. */
    command: z.string().min(1).max(64),
    /** Optional client-chosen id: a retried command with the same id is charged once. */
    requestId: z
      .string()
      .regex(/^[\w-]{8,64}$/)
      .optional(),
  })
  .strict();
export type CommandBody = z.infer<typeof CommandBody>;
export const CommandResponse = z.object({ updatedTokens: z.number().int() });

// Pure message, level and input rules live in the zod-free rules.ts (the web's first load).
export {
  asLevel,
  checkMessage,
  clampPoints,
  levelForPoints,
  levelProgress,
  messageLength,
  normalizeMessage,
  textareaHeight,
  type LevelMarkers,
  type MessageCheck,
} from './rules.ts';
