import lines from './crisis-lines.json' with { type: 'json' };
import replies from './replies.json' with { type: 'json' };

/**
 * What she says, out of the role-play frame, when the safety layer steps in (decision 044): a
 * warm reply that points to a real crisis line for the user's country (data: crisis-lines.json,
 * well-known published numbers, findahelpline.com for everyone else), or the stop for an
 * under-18 user. In the chat language; languages without texts fall back to English.
 */
type Line = { name: string; phone: string; note?: string; extra?: string };
type Texts = { crisis: string; line: string; note: string; fallback: string; minor: string };

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

export function crisisReply(language: string, country: string | null | undefined): string {
  const t = textsFor(language);
  const line = crisisLineFor(country);
  const lineText = line
    ? fill(t.line, {
        name: line.name,
        phone: line.extra ? `${line.phone}; ${line.extra}` : line.phone,
        note: line.note ? fill(t.note, { note: line.note }) : '',
      })
    : '';
  return fill(t.crisis, { line: lineText, fallback: fill(t.fallback, { url: lines.fallback.url }) });
}

export function minorReply(language: string): string {
  return textsFor(language).minor;
}
