import type { Message } from '@amora/shared/chat.ts';
import type { Realtime } from '../../lib/realtime.ts';

/** How often a growing reply is pushed to the client. */
export const STREAM_EMIT_MS = 100;

/**
 * Pushes a reply that is still being written as `message` events with one `_id`, at most every
 * STREAM_EMIT_MS; the stored message (same `_id`) replaces it when the reply is complete.
 */
export function createReplyStream(opts: {
  realtime: Realtime;
  userId: string;
  chatId: string;
  messageId: string;
  botId: string;
  responseMessageId: string;
  language: string;
  intervalMs?: number;
}) {
  const interval = opts.intervalMs ?? STREAM_EMIT_MS;
  const date = new Date().toISOString();
  let pending: string | null = null;
  let lastEmit = 0;
  let timer: NodeJS.Timeout | undefined;
  let emitted = false;

  const preview = (text: string): Message => ({
    _id: opts.messageId,
    chatId: opts.chatId,
    botId: opts.botId,
    message: text,
    bluredContent: null,
    date,
    like: false,
    readed: false,
    failed: false,
    self: false,
    eventType: null,
    delay: null,
    responseMessageId: opts.responseMessageId,
    isBlured: false,
    photo: null,
    voice: null,
    video: null,
    language: opts.language,
  });

  function flush(): void {
    timer = undefined;
    if (pending === null) return;
    opts.realtime.toUser(opts.userId, 'message', { chatId: opts.chatId, message: preview(pending) });
    pending = null;
    emitted = true;
    lastEmit = Date.now();
  }

  return {
    /** The whole text so far. */
    push: (text: string): void => {
      pending = text;
      const wait = interval - (Date.now() - lastEmit);
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    /** Stops pushing (the final message follows, or the reply failed). */
    stop: (): void => {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
    /** Whether the client has seen part of this reply. */
    get emitted(): boolean {
      return emitted;
    },
  };
}
