import type { Level } from '@amora/shared/constants.ts';
import type { EngineLanguage, Sex } from '@amora/shared/enums.ts';
import type { Persona } from '@amora/shared/persona.ts';
import type { BrainCharacter } from './brain.ts';
import type { BrainMemory, Fact } from './memory.ts';
import type { PhraseBook, Tone } from './phrasebook.ts';
import { capitalize, endsWithEmoji, ruYears } from './text.ts';

/** Random choices that prefer parts she has not used lately. */
export class Picker {
  readonly used: string[] = [];
  constructor(
    readonly random: () => number,
    private readonly recent: ReadonlySet<string>,
  ) {}

  chance(p: number): boolean {
    return this.random() < p;
  }

  int(n: number): number {
    return Math.min(n - 1, Math.floor(this.random() * n));
  }

  /** Picks a line; `key` names the pool so that recently used lines are avoided. */
  pick<T>(items: readonly T[], key: string): T {
    if (items.length === 0) throw new Error(`Empty pool ${key}`);
    const fresh: number[] = [];
    for (let i = 0; i < items.length; i++)
      if (!this.recent.has(`${key}:${i}`) && !this.used.includes(`${key}:${i}`)) fresh.push(i);
    const pool = fresh.length > 0 ? fresh : items.map((_, i) => i);
    const index = pool[this.int(pool.length)]!;
    this.used.push(`${key}:${index}`);
    return items[index]!;
  }
}

export type ComposeContext = {
  lang: EngineLanguage;
  book: PhraseBook;
  persona: Persona;
  character: BrainCharacter;
  userSex: Sex | null;
  userName: string | null;
  level: Level;
  tone: Tone;
  facts: BrainMemory['facts'];
  /** The hobby this reply talks about. */
  hobbyIndex: number;
  picker: Picker;
  /** Use the user's name whenever it is known (the opening message). */
  forceName?: boolean;
};

function address(c: ComposeContext): string {
  if (c.tone === 'cold') return '';
  const { picker } = c;
  if (c.forceName && c.userName) return c.userName;
  const pets = c.persona.speech.petNames[c.lang];
  const petOk = c.level >= 3;
  const r = picker.random();
  if (c.userName) {
    const pName = c.level === 1 ? 0.55 : c.level === 2 ? 0.6 : c.level === 3 ? 0.4 : 0.3;
    if (r < pName) return c.userName;
    if (petOk && r < pName + 0.4) return picker.pick(pets, 'pet');
    return '';
  }
  if (petOk && r < 0.5) return picker.pick(pets, 'pet');
  return '';
}

function likes(c: ComposeContext): [string, string] {
  const all = c.persona.likes[c.lang];
  const first = c.picker.pick(all, 'like');
  const rest = all.filter((l) => l !== first);
  return [first, rest.length ? c.picker.pick(rest, 'like2') : first];
}

function factValue(f: Fact | undefined): string {
  return f?.v ?? '';
}

function petPossessive(f: Fact | undefined, lang: EngineLanguage): string {
  if (!f) return '';
  if (lang === 'ru') return `${f.kind === 'f' ? 'твоя' : 'твой'} ${f.v}`;
  return `your ${f.v}`;
}

function articleFor(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

const TERMINAL = /[.!?…)]$|\p{Extended_Pictographic}$|\*$/u;
/** A private-use character marking a persona line that has no full stop of its own. */
const OPEN_END = '\uE000';
const OPEN_END_BEFORE_SENTENCE = /\uE000(?=\s+[\p{Lu}\p{Ll}*])/gu;

/** The fact a recall/ack template is about, set by the caller. */
export type FactFocus = {
  like?: Fact;
  plan?: Fact;
  pet?: Fact;
  /** Values for extra slots (`{v}`, `{name}`, `{what}`...) used by profile answers and topic lines. */
  extra?: Record<string, string>;
};

/** Fills one template's slots and gender forms. */
export function fill(template: string, c: ComposeContext, focus: FactFocus = {}): string {
  const { persona, lang, picker } = c;
  const hobby = persona.hobbies[c.hobbyIndex % persona.hobbies.length]!;
  let likePair: [string, string] | null = null;
  const getLikes = (): [string, string] => (likePair ??= likes(c));
  const herFemale = c.character.sex === 'female';
  const userFemale = c.userSex === 'female';

  /** Persona lines come without a final full stop; mark them so one is added when a sentence follows. */
  const line = (l: string): string => (TERMINAL.test(l) ? l : `${l}${OPEN_END}`);
  let out = template.replace(/\{([^{}]*)\}/g, (whole, body: string) => {
    if (body.includes('|')) {
      const [f, m] = body.split('|');
      return (herFemale ? f : m) ?? '';
    }
    if (focus.extra && Object.hasOwn(focus.extra, body)) return focus.extra[body]!;
    switch (body) {
      case ',addr': {
        const a = address(c);
        return a ? `, ${a}` : '';
      }
      case 'addr':
        return address(c) || c.book.you;
      case 'me':
        return persona.displayName[lang];
      case 'age':
        return String(c.character.age);
      case 'ageYears':
        return lang === 'ru' ? ruYears(c.character.age) : String(c.character.age);
      case 'city':
        return persona.city[lang];
      case 'job':
        return persona.job[lang];
      case 'hobby':
        return hobby.name[lang];
      case 'hobbyLine':
        return line(picker.pick(hobby.lines[lang], `hl${c.hobbyIndex}`));
      case 'like':
        return getLikes()[0];
      case 'like2':
        return getLikes()[1];
      case 'dislike':
        return picker.pick(persona.dislikes[lang], 'dislike');
      case 'doing':
        return line(picker.pick(persona.doingLines[lang], 'doing'));
      case 'cityLine':
        return line(picker.pick(persona.cityLines[lang], 'cityLine'));
      case 'jobLine':
        return line(picker.pick(persona.jobLines[lang], 'jobLine'));
      case 'dream':
        return line(persona.dream[lang]);
      case 'phrase':
        return line(picker.pick(persona.phrases[lang], 'phrase'));
      case 'laugh':
        return picker.pick(persona.speech.laughs[lang], 'laugh');
      case 'pet':
        return picker.pick(persona.speech.petNames[lang], 'pet');
      case 'u.name':
        return c.userName ?? '';
      case 'u.city':
        return factValue(c.facts.city);
      case 'u.job':
        return factValue(c.facts.job);
      case 'u.age':
        return factValue(c.facts.age);
      case 'u.like':
        return factValue(focus.like ?? c.facts.like[c.facts.like.length - 1]);
      case 'u.plan':
        return factValue(focus.plan ?? c.facts.plan[c.facts.plan.length - 1]);
      case 'u.pet':
        return factValue(focus.pet ?? c.facts.pet[0]);
      case 'u.petA': {
        const v = factValue(focus.pet ?? c.facts.pet[0]);
        return lang === 'en' ? articleFor(v) : v;
      }
      case 'u.petPoss':
        return petPossessive(focus.pet ?? c.facts.pet[0], lang);
      case 'u.petName':
        return (focus.pet ?? c.facts.pet[0])?.name ?? '';
      default:
        return whole;
    }
  });
  out = out.replace(/<([^<>|]*)\|([^<>|]*)>/g, (_w, m: string, f: string) => (userFemale ? f : m));
  // A marked line followed by another sentence gets its full stop; elsewhere the mark just goes.
  out = out.replace(OPEN_END_BEFORE_SENTENCE, '.').replaceAll(OPEN_END, '');
  return out;
}

// ---------------------------------------------------------------------------------------------
// Assembling and styling

/** Joins sentence parts, adding a full stop where a part has no ending of its own. */
export function joinParts(parts: string[]): string {
  const cleaned = parts.map((p) => p.trim()).filter(Boolean);
  return cleaned.map((p, i) => (i < cleaned.length - 1 && !TERMINAL.test(p) ? `${p}.` : p)).join(' ');
}

function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/([!?])\.(?!\.)/g, '$1')
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/\.{4,}/g, '...')
    .replace(/\.\.\.(?=\p{Lu})/gu, '... ')
    .replace(/,([.!?])/g, '$1')
    .replace(/^[,\s]+/, '')
    .trim();
}

function capitalizeSentences(text: string): string {
  const out = capitalize(text);
  return out.replace(
    /(?<!\.\.)([.!?])(\s+)(\p{Ll})/gu,
    (_m, p: string, s: string, ch: string) => `${p}${s}${ch.toLocaleUpperCase()}`,
  );
}

export type StyleOptions = {
  persona: Persona;
  tone: Tone;
  lang: EngineLanguage;
  picker: Picker;
  book: PhraseBook;
  /** Whether to consider adding an emoji at the end. */
  allowEmoji: boolean;
};

/** Applies her way of writing: case, "...", "!!", emoji, and the mood's colour. */
export function applyStyle(raw: string, o: StyleOptions): string {
  const { speech } = o.persona;
  const { picker } = o;
  let t = tidy(raw);

  if (o.tone === 'sad') {
    t = t.replace(/!+/g, (m, offset: number) => (offset > t.length - 3 ? '...' : '.'));
  } else if (o.tone === 'cold') {
    t = t
      .replace(/!+/g, '.')
      .replace(/\p{Extended_Pictographic}\uFE0F?/gu, '')
      .replace(/\s+/g, ' ')
      .trim();
  } else if (o.tone === 'excited') {
    t = t.replace(/\.$/, '!');
  }

  if (o.tone !== 'cold' && o.tone !== 'sad' && speech.exclaims) {
    t = t.replace(/(?<!!)!(?!!)/g, () => (picker.chance(0.5) ? '!!' : '!'));
  }
  if (speech.ellipsis && o.tone !== 'cold') {
    t = t.replace(/(?<!\.)\.(\s|$)/g, (m, s: string) => (picker.chance(0.45) ? `...${s}` : m));
  }

  t = tidy(t);
  t = speech.lowercase ? t.toLocaleLowerCase(o.lang === 'ru' ? 'ru' : 'en') : capitalizeSentences(t);

  if (o.allowEmoji && !endsWithEmoji(t) && !/\p{Extended_Pictographic}/u.test(t) && o.tone !== 'cold') {
    if (o.tone === 'sad') {
      if (picker.chance(0.35)) t = `${t} ${picker.pick(o.book.sadEmoji, 'sadEmoji')}`;
    } else {
      const rate = Math.min(
        0.95,
        speech.emojiRate + (o.tone === 'excited' ? 0.2 : 0) + (o.tone === 'warm' ? 0.1 : 0),
      );
      if (picker.chance(rate)) t = `${t} ${picker.pick(speech.emojis, 'emoji')}`;
    }
  }
  if (o.tone === 'cold') t = t.replace(/\s+$/u, '');
  return t;
}
