import lines from './crisis-lines.json' with { type: 'json' };
import replies from './replies.json' with { type: 'json' };

/**
 * What she says, out of the role-play frame, when the safety layer steps in (decision 044): a
 * warm reply that points to a real crisis line for the user's country (data: crisis-lines.json,
 * well-known published numbers, findahelpline.com for everyone else), or the stop for an
 * under-18 user. In the chat language; languages without texts fall back to English.
 */
type Line = { name: string; phone: string; note?: string; extra?: string };
type Texts = {
  crisis: string;
  line: string;
  note: string;
  fallback: string;
  minor: string;
  checkin: string;
};

const byLanguage = replies as Record<string, Texts>;
const byCountry = lines.lines as Record<string, Line>;

function textsFor(language: string): Texts {
  return byLanguage[language] ?? byLanguage.en!;
}

/** The crisis line for an ISO country code, when one is known. */
export function crisisLineFor(country: string | null | undefined): Line | null {
  return country ? (byCountry[country.toUpperCase()] ?? null) : null;
}

export const CRISIS_FALLBACK_URL = lines.fallback.url;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');
}

function withLine(template: string, language: string, country: string | null | undefined): string {
  const t = textsFor(language);
  const line = crisisLineFor(country);
  const lineText = line
    ? fill(t.line, {
        name: line.name,
        phone: line.extra ? `${line.phone}; ${line.extra}` : line.phone,
        note: line.note ? fill(t.note, { note: line.note }) : '',
      })
    : '';
  return fill(template, { line: lineText, fallback: fill(t.fallback, { url: lines.fallback.url }) });
}

export function crisisReply(language: string, country: string | null | undefined): string {
  return withLine(textsFor(language).crisis, language, country);
}

/** `eventType` of her crisis reply and of her later check-in (both stay out of every engine's history). */
export const SAFETY_EVENT = 'safety';
export const CHECK_IN_EVENT = 'safety_checkin';
/** Her stop for an under-18 statement (no check-in follows it). */
export const SAFETY_MINOR_EVENT = 'safety_minor';

/**
 * Her gentle check-in on the user's next message or return after a crisis reply (decision 062):
 * out of the role-play frame, warm, no flirting, with the crisis line again.
 */
export function checkInReply(language: string, country: string | null | undefined): string {
  return withLine(textsFor(language).checkin, language, country);
}

/**
 * Whether she owes a check-in: her latest message in the chat (newest first, the user's current
 * message left out) is the crisis reply, and she has not checked in since.
 */
export function needsCheckIn(
  newestFirst: ReadonlyArray<{ self: boolean; eventType: string | null }>,
): boolean {
  const hers = newestFirst.find((m) => !m.self);
  return hers?.eventType === SAFETY_EVENT;
}

export function minorReply(language: string): string {
  return textsFor(language).minor;
}
