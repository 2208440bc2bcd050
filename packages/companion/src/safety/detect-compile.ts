import { foldLetters } from './normalize.ts';

/**
 * A word boundary. Normalised text holds only letters, digits, single spaces (also at both ends)
 * and the ` | ` that masks leave, so a boundary sits between one of `[ |]` and anything else; far
 * cheaper than Unicode letter classes (JS `\\b` only knows ASCII letters).
 */
export const BOUNDARY = '(?:(?<=[ |])(?=[^ |])|(?<=[^ |])(?=[ |]))';
/** At the start of a pattern the boundary can only be one before a word. */
export const LEADING_BOUNDARY = '(?<=[ |])';

export function compileOne(source: string, numberAlternatives = '', flags = 'gu'): RegExp {
  // A placeholder nobody expanded (a typo, a `define` left out) would silently match its letters.
  const unknown = /\{(?!(?:w|l|num)\})[a-zA-Z]\w*\}/.exec(source);
  if (unknown) throw new Error(`unknown placeholder ${unknown[0]} in safety pattern: ${source.slice(0, 80)}`);
  // Escapes are set aside while the letters are folded ("\\bbeser" must not lose a "b").
  const escapes: string[] = [];
  const shielded = source.replace(/\\[a-zA-Z]/g, (e) => `\u{E000}${escapes.push(e) - 1}\u{E000}`);
  const expanded = foldLetters(shielded)
    .replace(/\u{E000}(\d+)\u{E000}/gu, (_, i: string) => escapes[Number(i)]!)
    .replace(/^\\b/, LEADING_BOUNDARY)
    .replaceAll('\\b', BOUNDARY)
    .replaceAll('{w}', '[^ |]+')
    .replaceAll('{l}', '[^ |]*')
    .replace('{num}', `(?<age>\\d{1,2}|${numberAlternatives})`)
    .replaceAll('{num}', `(?:\\d{1,2}|${numberAlternatives})`);
  return new RegExp(expanded, flags);
}
