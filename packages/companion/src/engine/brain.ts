import type { Level } from '@amora/shared/constants.ts';
import type { ChatMode, EngineLanguage, Language, Mood, Sex } from '@amora/shared/enums.ts';
import type { Persona } from '@amora/shared/persona.ts';

/** What the chat service knows about the character when it asks for a reply. */
export type BrainCharacter = {
  name: string;
  age: number;
  sex: Sex;
  hobbies: { en: string[]; ru: string[] };
  persona: Persona;
};

/**
 * Long-term memory of one chat, persisted as JSON on the chat row and handed back on every turn.
 * The engine owns its shape; the chat service only stores it.
 */
export type ChatMemory = Record<string, unknown>;

export type BrainContext = {
  character: BrainCharacter;
  /** The chat language resolved to one the engine writes (others fall back to English). */
  language: EngineLanguage;
  /** The chat's own language (SPEC §3); engines that write any language (an LLM) use this one. */
  chatLanguage?: Language;
  user: { name: string | null; age: number | null; sex: Sex | null };
  chat: { level: Level; points: number; mood: Mood; mode: ChatMode; spicy: boolean };
  memory: ChatMemory;
  /** Recent messages, oldest first, not including `userMessage`. */
  history: Array<{ self: boolean; text: string }>;
  /** What the user just wrote (already normalised; may be empty when the user sent only a photo). */
  userMessage: string;
  /** True when the user's message carries a photo of theirs; she reacts to it. */
  userPhoto?: boolean;
  /** That photo itself (a data URL of the stored JPEG) for engines that can see images. */
  userPhotoUrl?: string;
  now: Date;
};

export type BrainReply = {
  text: string;
  /** The memory to store for the next turn. */
  memory: ChatMemory;
  /** Relationship points to add (negative to take away); the service clamps to 0..65. */
  pointsDelta: number;
  /** A new mood when the turn changed it. */
  mood?: Mood;
  /** The intent the engine recognised, for logs and tests. */
  intent: string;
};

export interface Brain {
  readonly name: string;
  /** True when the engine looks at the user's photo (`userPhotoUrl`); the others only know one came. */
  readonly seesPhotos?: boolean;
  reply(ctx: BrainContext): Promise<BrainReply>;
  /**
   * Optional: the same as `reply`, delivering the text while it is being written. `onText` gets the
   * whole text so far after each piece. The chat service uses it when present.
   */
  stream?(ctx: BrainContext, onText: (textSoFar: string) => void): Promise<BrainReply>;
  /** The first message she sends when a chat is opened. */
  greeting(ctx: Omit<BrainContext, 'userMessage' | 'history'>): Promise<BrainReply>;
  /**
   * Optional: the message she sends on her own after a silence ("she writes first"): fits her
   * persona, mood and what she remembers. `userMessage` is empty. Engines without it never nudge.
   */
  writeFirst?(ctx: BrainContext): Promise<BrainReply>;
}
