import type { TypingState } from '@amora/shared/enums.ts';
import type { LedgerReason } from '@amora/shared/wallet.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ChatRow } from '../../db/schema/chats.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { BotWithRow } from '../bots/bots.service.ts';
import type { NewMessage } from './chats.repository.ts';

/** The media columns of her message (photo, voice note, video and their blur). */
export type BotMessageFields = Pick<
  NewMessage,
  'text' | 'photo' | 'voice' | 'video' | 'isBlured' | 'bluredContent' | 'eventType'
>;

export type ReplyAttachment = {
  fields: Omit<BotMessageFields, 'text'>;
  /** Debited in the transaction that stores her reply (voice mode). */
  charge?: { delta: number; reason: LedgerReason; idempotencyKey: string };
};

/**
 * What the media module adds to conversations (implemented in modules/media). The chat service asks
 * it for media to attach to each reply and to accept the photos users send.
 */
export interface ReplyMedia {
  forReply(input: {
    userId: string;
    user: UserRow;
    chat: ChatRow;
    bot: BotWithRow;
    intent: string;
    text: string;
    messageId: string;
    typing: (state: TypingState) => void;
  }): Promise<ReplyAttachment | null>;
  /** Checks the rules for sending a photo (403), validates the image (400), stores it; returns its URL. */
  acceptUserPhoto(input: { user: UserRow; chat: ChatRow; bot: BotWithRow; dataUrl: string }): Promise<string>;
  /** A stored photo of the user's (its URL) as a data URL for an engine that sees images; null if gone. */
  userPhotoDataUrl?(url: string): Promise<string | null>;
}

/** Runs inside the transaction that stores her message; returns the balance after, or null when nothing moved. */
export type ChargeIn = (tx: DbOrTx) => Promise<number | null>;
