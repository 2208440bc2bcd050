/**
 * Text normalisation shared by the safety patterns and the messages they are matched against
 * (decision 044): lower case, compatibility forms (full-width digits), no diacritics, no
 * apostrophes, punctuation and emoji turned into single spaces, and runs of one repeated letter
 * collapsed to one letter ("diiiie" → "die", "kill" → "kil": the patterns go through the same
 * steps, so they still match). `leet` additionally reads digits and symbols inside words as the
 * letters they stand for ("k1ll", "su1c1d3"); it is used for crisis matching only, so that ages
 * ("15yo") stay numbers.
 */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '9': 'g',
  '@': 'a',
  $: 's',
};

/**
 * Case, width, diacritics, apostrophes and repeated letters; keeps punctuation (for patterns).
 * German ß is written ss as often: both read as s once double letters collapse.
 */
export function foldLetters(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`´ʼ']/g, '')
    .replace(/(\p{L})\1+/gu, '$1')
    .normalize('NFC');
}

/** The message as the patterns see it: folded letters and digits separated by single spaces. */
export function normalize(text: string): string {
  const folded = foldLetters(text).replace(/%/g, ' percent ');
  return ` ${folded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

/** `normalize` with leetspeak read as letters (digits and symbols touching a letter); `1` reads as `one`. */
export function normalizeLeet(text: string, one: 'i' | 'l' = 'i'): string {
  let folded = foldLetters(text);
  // Repeat until stable so that runs ("ki11") read fully.
  for (let i = 0; i < 4; i++) {
    const next = folded
      .replace(/(?<=\p{L})[0134579@$]|[0134579@$](?=\p{L})/gu, (c) => (c === '1' ? one : (LEET[c] ?? c)))
      .replace(/(?<=\p{L})[!|*](?=\p{L})/gu, 'i');
    if (next === folded) break;
    folded = next;
  }
  return normalize(folded);
}

/** Russian written in Latin letters ("hochu umeret", "ne hochu zhit") read back as Cyrillic. */
const TRANSLIT: Array<[string, string]> = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ts', 'ц'],
  ['ya', 'я'],
  ['ja', 'я'],
  ['yu', 'ю'],
  ['ju', 'ю'],
  ['yo', 'е'],
  ['jo', 'е'],
  ['ye', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['w', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['j', 'и'],
  ['y', 'ы'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['h', 'х'],
  ['c', 'ц'],
  ['x', 'кс'],
  ['q', 'к'],
  ["'", 'ь'],
];
const TRANSLIT_RE = new RegExp(TRANSLIT.map(([l]) => l).join('|'), 'g');
const TRANSLIT_MAP = new Map(TRANSLIT);

export function latinToCyrillic(text: string): string {
  return text.toLowerCase().replace(TRANSLIT_RE, (m) => TRANSLIT_MAP.get(m) ?? m);
}
