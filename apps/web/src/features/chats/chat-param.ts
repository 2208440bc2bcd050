import type { Bot } from '@amora/shared/bots.ts';
import type { Chat } from '@amora/shared/chat.ts';

/**
 * `?chat=` (SPEC §2): a link that names a chat. The value is one of the user's chat ids, or a
 * character (its `_id` or `remote_id`, as campaign links carry): her chat when the user has one,
 * otherwise her profile popup (opening a new chat costs tokens, so it takes the user's click).
 */
export type ChatParamTarget = { kind: 'chat'; chatId: string } | { kind: 'model'; remoteId: number } | null;

export const CHAT_PARAM = 'chat';

export function chatParamTarget(
  value: string,
  chats: readonly Chat[] | undefined,
  bots: readonly Bot[],
): ChatParamTarget {
  const v = value.trim();
  if (!v) return null;
  const own = chats?.find((c) => c._id === v);
  if (own) return { kind: 'chat', chatId: own._id };
  const bot = bots.find((b) => b._id === v || String(b.remote_id) === v);
  if (!bot) return null;
  const withHer = chats?.find((c) => c.bot._id === bot._id);
  if (withHer) return { kind: 'chat', chatId: withHer._id };
  // The support "character" has no profile popup.
  return bot.remote_id === 0 ? null : { kind: 'model', remoteId: bot.remote_id };
}
