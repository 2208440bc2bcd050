/** Local calendar day key, used to group messages under date separators. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per language and options, made once: building an `Intl.DateTimeFormat` costs far
 * more than using it, and a thread formats a time for every message on each render (issue 13,
 * docs/decisions/165).
 */
export function dateFormat(language: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formatters.set(key, format);
  }
  return format;
}

const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * How each interface language writes a time of day (CLDR's short time): English on a 12-hour clock
 * ("9:05 PM"), the others on a 24-hour one with this separator ("21:45", Danish "21.45"). A phone's
 * first `Intl.DateTimeFormat` with hours loads ICU's pattern data, about 100 ms of a chat's first
 * load under Lighthouse's CPU throttling; the thread only needs these. `dates.test.ts` checks every
 * minute of the day against Intl (issue 13, decision 196).
 */
const TIME_SEPARATORS: Record<string, string> = {
  en: ':',
  ru: ':',
  de: ':',
  fr: ':',
  es: ':',
  pt: ':',
  it: ':',
  nl: ':',
  da: '.',
  no: ':',
  ro: ':',
  sv: ':',
  ja: ':',
};

/** The message time ("9:05 PM", "21:45"), in the interface language. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  const separator = TIME_SEPARATORS[language];
  if (!separator || Number.isNaN(date.getTime())) return dateFormat(language, TIME_OPTIONS).format(date);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  if (language !== 'en') return `${hours}${separator}${minutes}`;
  return `${hours % 12 || 12}${separator}${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

export function dayLabel(iso: string, language: string, now: Date = new Date()): DayLabel {
  const d = new Date(iso);
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const that = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  const diff = Math.round((today.getTime() - that.getTime()) / 86_400_000);
  if (diff === 0) return { kind: 'today' };
  if (diff === 1) return { kind: 'yesterday' };
  const sameYear = d.getFullYear() === now.getFullYear();
  return {
    kind: 'date',
    text: dateFormat(language, {
      day: 'numeric',
      month: 'long',
      ...(sameYear ? {} : { year: 'numeric' }),
    }).format(d),
  };
}

/** Short time for lists: the time today, the weekday within a week, else the date. */
export function formatShortDate(iso: string, language: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const diffDays = (now.getTime() - d.getTime()) / 86_400_000;
  if (dayKey(iso) === dayKey(now.toISOString())) return formatTime(iso, language);
  if (diffDays < 6) return dateFormat(language, { weekday: 'short' }).format(d);
  return dateFormat(language, { day: 'numeric', month: 'short' }).format(d);
}

export function formatDateTime(iso: string, language: string): string {
  return dateFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** This device's IANA time zone (sent with each message, SPEC §3 Message.timezone), if it has one. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
