import type { AiStatus } from './ai-status.ts';
import type { Message } from './chat.ts';
import type { ChatMode, ChatStatus, Language, Mood, TypingState } from './enums.ts';

export type ChatStatePayload = {
  chatId: string;
  level: number;
  points: number;
  mood: Mood;
  mode: ChatMode;
  locked: boolean;
  voiceMode: boolean;
  spicy: boolean;
  status: ChatStatus;
  /** The chat's language (replies come in it). */
  language: Language;
};

export type VoiceModeAck =
  { ok: true; voiceMode: boolean } | { ok: false; statusCode: number; code: string; message: string };

/** Events the server emits to a user's room (DESIGN §4). */
export interface ServerToClientEvents {
  message: (p: { chatId: string; message: Message }) => void;
  typing: (p: { chatId: string; state: TypingState | null }) => void;
  chat: (p: ChatStatePayload) => void;
  tokens: (p: { tokens: number }) => void;
  message_failed: (p: { chatId: string; messageId: string }) => void;
  /** Her messages in the chat were read (on any of the user's devices). */
  read: (p: { chatId: string }) => void;
  chat_reset: (p: { chatId: string }) => void;
  all_reset: (p: Record<string, never>) => void;
  banned: (p: { reason: string | null }) => void;
  /** An operator lifted the ban. */
  unbanned: (p: Record<string, never>) => void;
  /**
   * The user's subscription changed on the server (a renewal paid or failed, a payment reversed, a
   * cancellation, an expiry): reload the user and the subscription view. Sent after the change is
   * committed, to every device of the user.
   */
  user_refresh: (p: { reason: 'subscription' }) => void;
  /** The account was put on hold for age review (decision 045): show the blocking screen. */
  safety_hold: (p: { reason: 'age_review' }) => void;
  /** An operator restored the account after the age review. */
  safety_released: (p: Record<string, never>) => void;
  /** The engine's health, to every client when it changes and on `request_lifecheck_ai`. */
  ai_status: (p: AiStatus) => void;
}

export interface ClientToServerEvents {
  join: (userId: string) => void;
  /** Voice mode on/off (SPEC §7); the optional acknowledgement gets the result or the refusal. */
  set_voice_mode: (p: { chatId: string; voiceMode: boolean }, ack?: (r: VoiceModeAck) => void) => void;
  /** SPEC §4: asks for the engine's health; answered with `ai_status` to this socket. */
  request_lifecheck_ai: () => void;
}
