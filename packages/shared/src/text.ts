/**
 * What user text may contain, for both sides (docs/decisions/031-input-boundary.md). zod-free: the web
 * app's composer uses it on its first load (decision 017), the schemas of text-schema.ts on the server.
 */

/**
 * Bidirectional formatting (embeddings, overrides, isolates, marks: the "Trojan Source" characters),
 * lone surrogates (half a UTF-16 pair: not text in any encoding), noncharacters, and control
 * characters other than tab and newline.
 */
const INVALID = /[\p{Bidi_Control}\p{Cs}\p{Noncharacter_Code_Point}]|[^\P{Cc}\t\n]/gu;

/** Whitespace and the zero-width characters that have no meaning at either end of a text. */
const EDGE_BLANK = /^[\s\u200B\u2060\uFEFF\u3164\u2800]+|[\s\u200B\u2060\uFEFF\u3164\u2800]+$/gu;

/**
 * Characters that draw nothing: whitespace, default-ignorable code points (zero-width space and
 * joiners, word joiner, variation selectors, soft hyphen, Hangul fillers...), other format and
 * control characters, and the blank Braille pattern.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2800]/gu;

/**
 * The one rule for free text a person typed (messages, feedback, support replies, names, reasons):
 * line breaks as `\n`, bidirectional controls, lone surrogates, noncharacters and control characters
 * other than tab and newline removed, then Unicode NFC. Does not trim (see `trimUserText`).
 */
export function normalizeUserText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(INVALID, '').normalize('NFC');
}

/**
 * Trims whitespace and zero-width characters (not joiners or variation selectors) at both ends; a
 * text that shows nothing at all becomes '' (so `userText().min(1)` refuses it).
 */
export function trimUserText(text: string): string {
  return hasVisibleText(text) ? text.replace(EDGE_BLANK, '') : '';
}

/** True when the text shows anything: not only whitespace and invisible characters. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}

/**
 * Where in a parsed request (objects, arrays, strings; keys included) a NUL character (U+0000) is,
 * as a dotted path from `prefix`, or null. No database stores it in text, so it is refused at the
 * boundary (400) before it reaches one. Iterative: a deeply nested body cannot overflow the stack.
 */
export function findNul(value: unknown, prefix: string): string | null {
  const stack: Array<[unknown, string]> = [[value, prefix]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (typeof v === 'object' && v !== null && !seen.has(v)) {
      seen.add(v);
      if (Array.isArray(v)) {
        v.forEach((item, i) => stack.push([item, `${path}[${i}]`]));
      } else if (isPlainObject(v)) {
        // Parsed JSON, forms, query strings and headers only: never a Buffer or a stream.
        for (const [k, item] of Object.entries(v)) {
          if (k.includes('\u0000')) return path;
          stack.push([item, `${path}.${k}`]);
        }
      }
    }
  }
  return null;
}

/** `{}` or `Object.create(null)`, from any realm (the prototype, if any, is a root one). */
function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}
