/**
 * A sound pre-check for the safety patterns (decision 101): which patterns of a list can match a
 * text at all, so that only those run. Over two thousand patterns read every message, and most
 * of them begin with a word boundary and a handful of literal words ("\\b(want|wanna) (to )?die"),
 * so a pattern whose possible first letters appear at no word start of the text cannot match.
 *
 * The check never changes a verdict: a pattern is skipped only when it provably cannot match.
 * From each compiled source a small parser derives the set of literal strings every match begins
 * with; any construct it does not fully understand ends the literal part there (a shorter, still
 * true prefix), and a pattern with no usable prefix always runs.
 */

import { BOUNDARY, LEADING_BOUNDARY } from './detect-compile.ts';
/** Prefix sets larger than this stop growing (the shorter set is still a true one). */
const CAP = 400;
/** Leading patterns are indexed by their first KEY characters at a word start. */
const KEY = 3;
/** A pattern is not pre-checked on more strings inside its matches than this. */
const MAX_REQUIRED = 40;
/**
 * A word-start pattern found by the first KEY characters of a word is run only when the text also
 * holds one of its longer prefixes with those characters, unless it has more of them than this
 * (searching for them would cost about as much as running it; decision 193).
 */
const MAX_WORD_PREFIXES = 12;

type Prefixes = { set: string[]; complete: boolean };
const EMPTY: Prefixes = { set: [''], complete: true };
const UNKNOWN: Prefixes = { set: [''], complete: false };
const DIGITS = [...'0123456789'];

/**
 * An atom's prefixes; a lookbehind keeps its source, and a positive lookahead the prefixes of
 * what must follow it.
 */
type Atom = { kind: 'prefixes'; p: Prefixes; lookbehind?: string; ahead?: Prefixes };

/** A recursive-descent reader of the subset of regular expression syntax the patterns use. */
class Reader {
  private i = 0;
  private readonly cps: string[];
  constructor(source: string) {
    this.cps = [...source];
  }
  get done() {
    return this.i >= this.cps.length;
  }
  private peek(k = 0) {
    return this.cps[this.i + k];
  }
  /** Alternatives up to a `)` or the end; each alternative is a list of atoms. */
  alternatives(): Atom[][] {
    const alts: Atom[][] = [[]];
    while (!this.done && this.peek() !== ')') {
      if (this.peek() === '|') {
        this.i++;
        alts.push([]);
        continue;
      }
      alts[alts.length - 1]!.push(this.quantified(this.atom()));
    }
    return alts;
  }
  private atom(): Atom {
    const c = this.cps[this.i++]!;
    if (c === '(') {
      let look: string | null = null;
      if (this.peek() === '?') {
        const rest = this.cps.slice(this.i, this.i + 3).join('');
        if (rest.startsWith('?:')) this.i += 2;
        else if (rest.startsWith('?=') || rest.startsWith('?!')) {
          look = rest.slice(0, 2);
          this.i += 2;
        } else if (rest === '?<=' || rest === '?<!') {
          look = rest;
          this.i += 3;
        } else if (rest.startsWith('?<')) {
          // A named group.
          const close = this.cps.indexOf('>', this.i);
          if (close < 0) throw new Error('unreadable group');
          this.i = close + 1;
        } else throw new Error('unreadable group');
      }
      const start = this.i;
      const alts = this.alternatives();
      const end = this.i;
      if (this.cps[this.i++] !== ')') throw new Error('unclosed group');
      // Lookarounds consume nothing.
      if (look === '?=') return { kind: 'prefixes', p: EMPTY, ahead: union(alts.map(sequence)) };
      if (look !== null)
        return {
          kind: 'prefixes',
          p: EMPTY,
          lookbehind: look === '?<=' ? this.cps.slice(start, end).join('') : undefined,
        };
      return { kind: 'prefixes', p: union(alts.map(sequence)) };
    }
    if (c === '[') return { kind: 'prefixes', p: this.charClass() };
    if (c === '\\') {
      const e = this.cps[this.i++];
      if (e === undefined) throw new Error('trailing backslash');
      if (e === 'd') return { kind: 'prefixes', p: { set: DIGITS, complete: true } };
      if ('^$\\.*+?()[]{}|/-'.includes(e)) return { kind: 'prefixes', p: { set: [e], complete: true } };
      // \b \B \w \s \u… \k… and anything else: not a literal.
      return { kind: 'prefixes', p: UNKNOWN };
    }
    if ('.^$'.includes(c)) return { kind: 'prefixes', p: UNKNOWN };
    if ('*+?{}])|'.includes(c)) throw new Error(`unexpected ${c}`);
    return { kind: 'prefixes', p: { set: [c], complete: true } };
  }
  private charClass(): Prefixes {
    if (this.peek() === '^') {
      this.skipClass();
      return UNKNOWN;
    }
    const chars = new Set<string>();
    let known = true;
    while (!this.done && this.peek() !== ']') {
      let c = this.cps[this.i++]!;
      if (c === '\\') {
        const e = this.cps[this.i++]!;
        if (e === 'd') {
          for (const d of DIGITS) chars.add(d);
          continue;
        }
        if (!'^$\\.*+?()[]{}|/-'.includes(e)) {
          known = false;
          continue;
        }
        c = e;
      }
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.i++;
        let to = this.cps[this.i++]!;
        if (to === '\\') {
          const e = this.cps[this.i++]!;
          if (!'^$\\.*+?()[]{}|/-'.includes(e)) {
            known = false;
            continue;
          }
          to = e;
        }
        const a = c.codePointAt(0)!;
        const b = to.codePointAt(0)!;
        if (b - a > 64) known = false;
        else for (let x = a; x <= b; x++) chars.add(String.fromCodePoint(x));
        continue;
      }
      chars.add(c);
    }
    if (this.cps[this.i++] !== ']') throw new Error('unclosed class');
    return known && chars.size > 0 ? { set: [...chars], complete: true } : UNKNOWN;
  }
  private skipClass() {
    while (!this.done && this.peek() !== ']') {
      if (this.cps[this.i++] === '\\') this.i++;
    }
    if (this.cps[this.i++] !== ']') throw new Error('unclosed class');
  }
  /** Applies a following quantifier (and its lazy `?`) to an atom. */
  private quantified(a: Atom): Atom {
    const q = this.peek();
    let min: number;
    let max: number;
    if (q === '?') [min, max] = [0, 1];
    else if (q === '*') [min, max] = [0, Infinity];
    else if (q === '+') [min, max] = [1, Infinity];
    else if (q === '{') {
      const close = this.cps.indexOf('}', this.i);
      const m = /^\{(\d+)(,(\d*))?\}$/.exec(this.cps.slice(this.i, close + 1).join(''));
      if (close < 0 || !m) throw new Error('unreadable quantifier');
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i = close;
    } else return a;
    this.i++;
    if (this.peek() === '?') this.i++;
    return { kind: 'prefixes', p: repeat(a.p, min, max) };
  }
}

function cross(a: string[], b: string[]): string[] | null {
  if (a.length * b.length > CAP) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return [...out];
}

function repeat(p: Prefixes, min: number, max: number): Prefixes {
  if (p.complete && max !== Infinity && max <= 4) {
    const out = new Set<string>();
    let power = [''];
    for (let n = 0; n <= max; n++) {
      if (n >= min) for (const s of power) out.add(s);
      if (n === max) break;
      const next = cross(power, p.set);
      if (!next) return min === 0 ? UNKNOWN : { set: p.set, complete: false };
      power = next;
    }
    return { set: [...out], complete: true };
  }
  // At least one copy: every match starts with one of the atom's prefixes.
  return min === 0 ? UNKNOWN : { set: p.set, complete: false };
}

function union(list: Prefixes[]): Prefixes {
  const out = new Set<string>();
  for (const p of list) for (const s of p.set) out.add(s);
  return { set: [...out], complete: list.every((p) => p.complete) };
}

/** The prefixes of a sequence of atoms: concatenated while every atom's strings are exact. */
function sequence(atoms: Atom[]): Prefixes {
  let set = [''];
  for (const a of atoms) {
    const next = cross(set, a.p.set);
    if (!next) return { set, complete: false };
    set = next;
    if (!a.p.complete) return { set, complete: false };
  }
  return { set, complete: true };
}

/** How one pattern is pre-checked. */
type Plan =
  /** Matches only at a word start, with one of its prefixes: indexed by their first characters. */
  | { kind: 'word'; prefixes: string[] }
  /** Matches anywhere: runs only when the text contains one of its prefixes. */
  | { kind: 'contains'; prefixes: string[] }
  | { kind: 'always' };

/**
 * Plans by pattern (flags and source): each chat language reads every language's patterns in its
 * own order (`patternsFor` in detect.ts), so the same pattern is planned once, not once per list
 * that holds it. Planning all of them took seconds at every start.
 */
const plans = new Map<string, Plan>();

export function plan(re: RegExp): Plan {
  const key = `${re.flags}/${re.source}`;
  let p = plans.get(key);
  if (!p) {
    p = planOf(re);
    plans.set(key, p);
  }
  return p;
}

function planOf(re: RegExp): Plan {
  if (re.flags.includes('i') || re.flags.includes('v')) return { kind: 'always' };
  const word = wordStartBehindLookbehinds(re);
  if (word) return word;
  let alts: Atom[][];
  try {
    const reader = new Reader(re.source);
    alts = reader.alternatives();
    if (!reader.done) return { kind: 'always' };
  } catch {
    return { kind: 'always' };
  }
  const leading =
    alts.length === 1 && alts[0]![0]?.lookbehind === '[ |]' && re.source.startsWith(LEADING_BOUNDARY);
  const p = leading ? sequence(alts[0]!.slice(1)) : union(alts.map(sequence));
  if (p.set.some((s) => s === '')) {
    // Anchored at the start, a pattern fails at once on most texts: running it is cheaper.
    if (alts.length === 1 && re.source.startsWith('^')) return { kind: 'always' };
    const inside = required(alts);
    return inside ? { kind: 'contains', prefixes: inside } : { kind: 'always' };
  }
  if (leading) return { kind: 'word', prefixes: p.set };
  return { kind: 'contains', prefixes: p.set };
}

/**
 * Strings one of which every match contains, for a pattern whose matches may begin with anything
 * (`[^|]{0,50}\b(sonen|dottern)\b`, `[^ |]{0,12}(する|した)`): a match of the atoms from any
 * position on is part of the whole match, so it contains one of their prefixes; so does the text
 * at a positive lookahead. Per alternative, the position whose strings are longest (then fewest)
 * is kept (decision 184). Null when some alternative has no such position.
 */
function required(alts: Atom[][]): string[] | null {
  const shortest = (set: string[]) => Math.min(...set.map((x) => [...x].length));
  const out = new Set<string>();
  for (const atoms of alts) {
    const options = atoms
      .flatMap((atom, k) => [sequence(atoms.slice(k)).set, ...(atom.ahead ? [atom.ahead.set] : [])])
      .filter((set) => !set.includes(''));
    const best = options.reduce<string[] | null>((a, b) => {
      if (!a) return b;
      const d = shortest(b) - shortest(a);
      return d > 0 || (d === 0 && b.length < a.length) ? b : a;
    }, null);
    // Searching a text for many strings costs more than running the pattern.
    if (!best || best.length > MAX_REQUIRED) return null;
    for (const x of best) out.add(x);
  }
  return [...out];
}

/** The end of the group that opens at `open` (a `(`), skipping escapes and character classes. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * `(?<!when I was …)\bR`: lookbehinds consume nothing, so such a pattern matches where `\bR`
 * does, and when every way R can begin is a letter, that boundary is a word start. Planned as a
 * word-start pattern instead of a `contains` one (decision 178): a few hundred patterns open with
 * a lookbehind, and checking their prefixes anywhere in the text cost more than running most of
 * them.
 */
function wordStartBehindLookbehinds(re: RegExp): Plan | null {
  let rest = re.source;
  while (rest.startsWith('(?<!') || rest.startsWith('(?<=')) {
    const end = groupEnd(rest, 0);
    if (end < 0) return null;
    rest = rest.slice(end + 1);
  }
  if (rest === re.source || !rest.startsWith(BOUNDARY)) return null;
  let inner: Plan;
  try {
    inner = planOf(new RegExp(LEADING_BOUNDARY + rest.slice(BOUNDARY.length), re.flags));
  } catch {
    return null;
  }
  if (inner.kind !== 'word' || inner.prefixes.some((k) => k === '' || k[0] === ' ' || k[0] === '|'))
    return null;
  return inner;
}

/**
 * A number for the first `length` (1 to KEY) UTF-16 units of `s` from `at`: index keys without
 * building a string per position of every text.
 */
function gram(s: string, at: number, length: number): number {
  let k = length * 2 ** 48;
  for (let j = 0; j < length; j++) k += s.charCodeAt(at + j) * 2 ** (32 - 16 * j);
  return k;
}
const gramOf = (s: string) => gram(s, 0, Math.min(KEY, s.length));

/**
 * A normalised text with its first 1 to KEY characters at each of its word starts (`words`), and
 * at every position (`grams`), as `gram` numbers.
 */
export type TextView = {
  text: string;
  words: Set<number>;
  grams: Set<number>;
  /** The same keys as arrays: walking an array is cheaper than walking a set. */
  wordList: number[];
  gramList: number[];
};

/**
 * The last texts' views: one message is read as several texts, and each of them by several lists
 * (masks, matches, every lexicon), so the same text is viewed again and again.
 */
const views = new Map<string, TextView>();
const VIEWS = 64;

export function view(text: string): TextView {
  let v = views.get(text);
  if (!v) {
    if (views.size >= VIEWS) views.clear();
    v = build(text);
    views.set(text, v);
  }
  return v;
}

function build(text: string): TextView {
  const words = new Set<number>();
  const grams = new Set<number>();
  for (let s = 0; s < text.length; s++) {
    const start = s > 0 && (text.charCodeAt(s - 1) === 32 || text.charCodeAt(s - 1) === 124);
    for (let k = 1; k <= KEY && s + k <= text.length; k++) {
      const g = gram(text, s, k);
      grams.add(g);
      if (start) words.add(g);
    }
  }
  return { text, words, grams, wordList: [...words], gramList: [...grams] };
}

const keyed = new WeakMap<object, Map<number, string[] | null>>();

/** A list of patterns with its pre-check: `candidates` lists, in order, those that may match. */
export class PatternList {
  readonly patterns: RegExp[];
  /**
   * Word-start patterns by the `gram` of their first characters, with their prefixes longer than
   * KEY that begin with those characters (null: no such check).
   */
  private readonly byWord = new Map<number, Array<[number, string[] | null]>>();
  /**
   * The patterns that may match anywhere, by the `gram` of the first characters of the strings
   * their matches contain, with those strings when longer than KEY (the text is searched for
   * them only when it holds their first characters; decision 184).
   */
  private readonly byGram = new Map<number, Array<[number, string[] | null]>>();
  private readonly always: number[] = [];

  constructor(patterns: RegExp[]) {
    this.patterns = patterns;
    this.seen = new Uint32Array(patterns.length);
    patterns.forEach((re, i) => {
      const p = plan(re);
      if (p.kind === 'word') {
        for (const [k, longer] of PatternList.byKey(p)) {
          const entry: [number, string[] | null] = [
            i,
            longer && longer.length <= MAX_WORD_PREFIXES ? longer : null,
          ];
          const list = this.byWord.get(k);
          if (list) list.push(entry);
          else this.byWord.set(k, [entry]);
        }
      } else if (p.kind === 'contains') {
        for (const [k, longer] of PatternList.byKey(p)) {
          const list = this.byGram.get(k);
          if (list) list.push([i, longer]);
          else this.byGram.set(k, [[i, longer]]);
        }
      } else this.always.push(i);
    });
  }

  /**
   * Strings by the `gram` of their first KEY units, with those longer than KEY (null: one is not).
   * Kept per plan: a pattern is in one list per chat language.
   */
  private static byKey(p: { prefixes: string[] }): Map<number, string[] | null> {
    let byKey = keyed.get(p);
    if (byKey) return byKey;
    byKey = new Map<number, string[] | null>();
    for (const prefix of p.prefixes) {
      const k = gramOf(prefix);
      const longer = byKey.get(k);
      // A string of at most KEY units is in the text when its gram is.
      if (prefix.length <= KEY) byKey.set(k, null);
      else if (longer === undefined) byKey.set(k, [prefix]);
      else if (longer !== null) longer.push(prefix);
    }
    keyed.set(p, byKey);
    return byKey;
  }

  /**
   * Which patterns a query has already met: `seen[i] === stamp` (one array per list, a new stamp
   * per query) instead of a new set per query.
   */
  private readonly seen: Uint32Array;
  private stamp = 0;
  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  /**
   * Calls `each` with the index's entries for the keys a text holds, walking the smaller side:
   * most lists (a lexicon's family) hold a few keys, most texts a hundred grams. Returns true as
   * soon as `each` does.
   */
  private static walk<T>(
    index: Map<number, T>,
    keys: Set<number>,
    list: number[],
    each: (entry: T) => boolean,
  ): boolean {
    if (index.size < list.length) {
      for (const [k, entry] of index) if (keys.has(k) && each(entry)) return true;
    } else {
      for (let j = 0; j < list.length; j++) {
        const entry = index.get(list[j]!);
        if (entry !== undefined && each(entry)) return true;
      }
    }
    return false;
  }

  /** Whether pattern `i` of a `byGram` entry may match: its strings are in the text. */
  private static holds(longer: string[] | null, text: string): boolean {
    return longer === null || longer.some((s) => text.includes(s));
  }

  /** Indices (ascending) of the patterns that may match the text; the others cannot. */
  candidates(v: TextView, after = -1): number[] {
    const seen = this.seen;
    const stamp = this.nextStamp();
    const out: number[] = [];
    PatternList.walk(this.byWord, v.words, v.wordList, (list) => {
      for (let j = 0; j < list.length; j++) {
        const [i, longer] = list[j]!;
        if (i > after && seen[i] !== stamp && PatternList.holds(longer, v.text)) {
          seen[i] = stamp;
          out.push(i);
        }
      }
      return false;
    });
    PatternList.walk(this.byGram, v.grams, v.gramList, (list) => {
      for (let j = 0; j < list.length; j++) {
        const [i, longer] = list[j]!;
        if (i > after && seen[i] !== stamp && PatternList.holds(longer, v.text)) {
          seen[i] = stamp;
          out.push(i);
        }
      }
      return false;
    });
    for (const i of this.always) if (i > after && seen[i] !== stamp) out.push(i);
    return out.sort((a, b) => a - b);
  }

  /** Whether any pattern matches (as `patterns.some(re => re.test(text))`). */
  some(v: TextView): boolean {
    const seen = this.seen;
    const stamp = this.nextStamp();
    const patterns = this.patterns;
    const text = v.text;
    const byWord = PatternList.walk(this.byWord, v.words, v.wordList, (list) => {
      for (let j = 0; j < list.length; j++) {
        const [i, longer] = list[j]!;
        if (seen[i] === stamp || !PatternList.holds(longer, text)) continue;
        seen[i] = stamp;
        if (test(patterns[i]!, text)) return true;
      }
      return false;
    });
    if (byWord) return true;
    const byGram = PatternList.walk(this.byGram, v.grams, v.gramList, (list) => {
      for (let j = 0; j < list.length; j++) {
        const [i, longer] = list[j]!;
        if (seen[i] === stamp || !PatternList.holds(longer, text)) continue;
        seen[i] = stamp;
        if (test(patterns[i]!, text)) return true;
      }
      return false;
    });
    if (byGram) return true;
    for (const i of this.always) if (test(patterns[i]!, text)) return true;
    return false;
  }

  /** Every pattern replaced by ` | `, in order (as a loop of `text.replace(re, ' | ')`). */
  mask(text: string): string {
    let out = text;
    let list = this.candidates(view(out));
    for (let k = 0; k < list.length; k++) {
      const i = list[k]!;
      const next = out.replace(this.patterns[i]!, ' | ');
      if (next === out) continue;
      // The text changed: the later patterns are checked against the new one.
      out = next;
      list = this.candidates(view(out), i);
      k = -1;
    }
    return out;
  }
}

function test(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  return re.test(text);
}
