import type { TFunction } from 'i18next';

/** Relationship events the chat shows as a note in words rather than as a bubble. */
export const SYSTEM_EVENTS: ReadonlySet<string> = new Set([
  'level_up',
  'level_down',
  'mode',
  'language_changed',
]);

/** The languages the built-in engine writes in; another chat language falls back to English. */
const engineLanguages = new Set(['en', 'ru']);

type EventMessage = { eventType?: string | null; message: string; language?: string | null };

/**
 * A relationship event in the reader's language ("Level 2: Friend", "She is in gentle mode now"),
 * or null when the message is not such an event. The thread and the chat list's preview share it,
 * so neither shows the raw event text ("gentle").
 */
export function systemNoteText(message: EventMessage, t: TFunction): string | null {
  const { eventType } = message;
  if (!eventType || !SYSTEM_EVENTS.has(eventType)) return null;
  if (eventType === 'level_up' || eventType === 'level_down') {
    const level = /\d/.exec(message.message)?.[0] ?? '1';
    return t(`companion.event.${eventType}`, { level, title: t(`chat.level.titles.${level}`) });
  }
  if (eventType === 'mode') {
    return t('companion.event.mode', { mode: t(`companion.event.modes.${message.message}`) });
  }
  const code = message.language ?? message.message;
  const language = t(`companion.languages.${code}`, { defaultValue: code });
  return engineLanguages.has(code)
    ? t('companion.language.changed', { language })
    : t('companion.language.fallback', { language });
}
