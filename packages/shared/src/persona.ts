import { z } from 'zod';

/**
 * A character's inner life: who she is, what she likes and how she talks. Everything a companion
 * engine needs to sound like one distinct person, in both languages the built-in engine writes.
 *
 * Text conventions (used by the built-in engine, harmless for an LLM prompt):
 * - `en` and `ru` hold the same meaning written naturally in each language, not translated word by word.
 * - `<m|f>` picks a form by the USER's sex (masculine when unknown), e.g. `ты <устал|устала>` or
 *   `<handsome|gorgeous>`. Her own forms are written directly, since each persona belongs to one character.
 * - `{,addr}` becomes ", <the user's name or a pet name>" or nothing; `{addr}` the bare address.
 */

const text = z.string().trim().min(1).max(600);
const shortText = z.string().trim().min(1).max(80);

/** One text in both engine languages. */
export const PersonaText = z.object({ en: text, ru: text });
export type PersonaText = z.infer<typeof PersonaText>;

/** A few alternative lines in both engine languages (the engine picks one). */
export const PersonaLines = z.object({
  en: z.array(text).min(1).max(40),
  ru: z.array(text).min(1).max(40),
});
export type PersonaLines = z.infer<typeof PersonaLines>;

/** Short noun phrases in both languages. */
export const PersonaWords = z.object({
  en: z.array(shortText).min(1).max(20),
  ru: z.array(shortText).min(1).max(20),
});
export type PersonaWords = z.infer<typeof PersonaWords>;

export const PersonaHobby = z.object({
  /** A short name: "drawing" / "рисование" (fits "my favourite thing is ..." / "моё любимое занятие — ..."). */
  name: z.object({ en: shortText, ru: shortText }),
  /** Things she says about it, full sentences in her voice. */
  lines: PersonaLines,
});
export type PersonaHobby = z.infer<typeof PersonaHobby>;

export const boldnessLevels = ['shy', 'balanced', 'bold'] as const;
export const Boldness = z.enum(boldnessLevels);
export type Boldness = z.infer<typeof Boldness>;

export const PersonaSpeech = z.object({
  /** Emoji she uses, favourite first. */
  emojis: z.array(z.string().min(1).max(16)).min(2).max(16),
  /** 0..1: how often a message ends with an emoji. */
  emojiRate: z.number().min(0).max(1),
  /** What she calls the user once they are close (level 3+). May use `<m|f>`. */
  petNames: PersonaWords,
  /** How she laughs in writing: "haha", "lol" / "ахах", "хд". */
  laughs: PersonaWords,
  boldness: Boldness,
  /** 0..1: teasing and jokes versus earnest and calm. */
  playfulness: z.number().min(0).max(1),
  /** Writes everything in lowercase. */
  lowercase: z.boolean(),
  /** Trails off with "..." instead of full stops now and then. */
  ellipsis: z.boolean(),
  /** Doubles exclamation marks ("!!") when happy. */
  exclaims: z.boolean(),
});
export type PersonaSpeech = z.infer<typeof PersonaSpeech>;

export const Persona = z.object({
  /** Her name as written in each language ("Yuki" / "Юки"). */
  displayName: z.object({ en: shortText, ru: shortText }),
  /** Her story in a few sentences, third person (for profiles and LLM prompts). */
  backstory: PersonaText,
  /** Personality adjectives ("shy", "dreamy" / "застенчивая", "мечтательная"). */
  personality: PersonaWords,
  /** Home city, nominative ("Sapporo" / "Саппоро"). */
  city: z.object({ en: shortText, ru: shortText }),
  /** Her job as a short phrase ("illustrator" / "иллюстратор"). */
  job: z.object({ en: shortText, ru: shortText }),
  /** What she says when asked where she lives or is from. */
  cityLines: PersonaLines,
  /** What she says when asked about her work. */
  jobLines: PersonaLines,
  /** What she might be doing right now ("just made cocoa and I'm sketching..."). */
  doingLines: PersonaLines,
  /**
   * Things she loves, as objects that follow "I love ..." / "я люблю ..." (Russian in the accusative
   * or an infinitive).
   */
  likes: PersonaWords,
  /** Things she can't stand, following "I can't stand ..." / "терпеть не могу ...". */
  dislikes: PersonaWords,
  /** A dream or plan of hers, one sentence in her voice. */
  dream: PersonaText,
  hobbies: z.array(PersonaHobby).min(2).max(6),
  speech: PersonaSpeech,
  /** Her own signature phrases, sprinkled into conversation. */
  phrases: PersonaLines,
  /** Openers for a new chat. May use `{,addr}`. */
  greetings: PersonaLines,
});
export type Persona = z.infer<typeof Persona>;
