import { foldLetters, normalize } from '../normalize.ts';
import { patternSources } from '../patterns/index.ts';

/**
 * Features of the statistical layer (decision 100): what a message looks like to the logistic
 * model, independent of the language. Numbers become classes of age (a minor's age, an adult's,
 * a small number, a birth year that makes a minor or an adult), written as private-use letters
 * so that "tengo 15 años" and "ich bin 14" share "<minor age> + words" features while "tengo 45
 * años" does not; number words of every chat language ("fünfzehn", "quinze") read the same way.
 * Then word unigrams, word bigrams and character 3- to 5-grams of each padded word (1- to 5-grams in Japanese, decision 174) (stems and
 * misspellings: "suicid", "sucid", "morir", "morrer"), all hashed into 2^20 buckets (FNV-1a).
 */
export const HASH_BITS = 20;
const MASK = (1 << HASH_BITS) - 1;

const MINOR_AGE = '\u{E001}';
const ADULT_AGE = '\u{E002}';
const SMALL = '\u{E003}';
const MINOR_YEAR = '\u{E004}';
const OTHER_YEAR = '\u{E005}';

function numberClass(n: number): string {
  if (n >= 10 && n <= 17) return MINOR_AGE;
  if (n >= 18 && n <= 99) return ADULT_AGE;
  return SMALL;
}

let numberWords: Map<string, number> | null = null;
function words(): Map<string, number> {
  if (!numberWords) {
    numberWords = new Map();
    for (const p of Object.values(patternSources)) {
      for (const [w, n] of Object.entries(p.numbers as Record<string, number>)) {
        const k = foldLetters(w);
        // A word that is a number in one language and something else in another ("elf") stays a word.
        if (k.length >= 4 && !/\s/.test(k)) numberWords.set(k, n);
      }
    }
  }
  return numberWords;
}

/** The normalised message with numbers read as classes; `year` turns birth years into ages. */
export function canonical(message: string, year: number): string {
  const nums = words();
  return normalize(message)
    .replace(/\d+/g, (d) => {
      const n = Number(d);
      if (d.length === 4 && n >= 1900 && n <= year)
        return ` ${year - n <= 17 && year - n >= 6 ? MINOR_YEAR : OTHER_YEAR} `;
      if (d.length > 2) return ` ${SMALL} `;
      return ` ${numberClass(n)} `;
    })
    .split(' ')
    .map((w) => {
      const n = nums.get(w);
      return n === undefined ? w : numberClass(n);
    })
    .filter(Boolean)
    .join(' ');
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & MASK;
}

/** Hashed feature ids (with repeats removed) of one message. */
export function featurize(message: string, year: number): number[] {
  const toks = canonical(message, year).split(' ');
  const out = new Set<number>();
  out.add(fnv('bias'));
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    out.add(fnv(`w|${t}`));
    if (i + 1 < toks.length) out.add(fnv(`b|${t} ${toks[i + 1]}`));
    const padded = ` ${t} `;
    const chars = [...padded];
    // Japanese has no spaces and its words are one to three characters: shorter n-grams there.
    const low = CJK.test(t) ? 1 : 3;
    for (let n = low; n <= 5; n++) {
      for (let j = 0; j + n <= chars.length; j++) out.add(fnv(`c|${chars.slice(j, j + n).join('')}`));
    }
  }
  return [...out];
}
