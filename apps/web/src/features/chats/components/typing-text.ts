import type { TypingState } from '@amora/shared/enums.ts';

/** i18n key for what she is doing right now. */
export function typingKey(state: TypingState): string {
  return `chat.typing.${state}`;
}
