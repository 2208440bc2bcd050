import Negotiator from 'negotiator';
import { en, type MessageKey } from './en.ts';
import { ru } from './ru.ts';

export type { MessageKey } from './en.ts';
export type MessageParams = Readonly<Record<string, string | number>>;
/** A message to render later in the reader's language. */
export type Msg = { readonly key: MessageKey; readonly params?: MessageParams | undefined };
/** Server messages are complete in English and Russian; every other language reads English. */
export const messageLanguages = ['en', 'ru'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];

const dictionaries: Record<MessageLanguage, Record<MessageKey, string>> = { en, ru };

export const msg = (key: MessageKey, params?: MessageParams): Msg => ({ key, params });

/** The text of `key` in `language`, `{{name}}` filled from params (a missing param stays visible). */
export function renderMessage(language: MessageLanguage, key: MessageKey, params?: MessageParams): string {
  const template = dictionaries[language][key];
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A stored interface language (en, ru, es, ...) as a message language: Russian or else English. */
export function messageLanguageOf(language: string | null | undefined): MessageLanguage {
  return language === 'ru' ? 'ru' : 'en';
}

/** The best of our message languages for an `Accept-Language` header, or null when it names none. */
export function negotiateLanguage(acceptLanguage: string | string[] | undefined): MessageLanguage | null {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header?.trim()) return null;
  const best = new Negotiator({ headers: { 'accept-language': header } }).language([...messageLanguages]);
  return best === 'ru' || best === 'en' ? best : null;
}
