import { languages, type Language, type Sex } from '@amora/shared/enums.ts';
import type { CharacterVoice } from '@amora/shared/voice.ts';
import englishWords from './english-words.json' with { type: 'json' };

/**
 * Who is speaking and in which language: the same character sounds the same every time. `variant`,
 * `pitch` and `speed` are her voice (the built-in engine uses them); `sex` and `seed` pick a voice
 * where an engine has only named voices (the OpenAI-compatible one).
 */
export type TtsVoice = CharacterVoice & { language: Language; sex: Sex; seed: number };

export type SpeechMime = 'audio/mpeg' | 'audio/ogg';

export type SpeechAudio = {
  /** MP3 (built-in engine) or Ogg/Opus (OpenAI-compatible endpoint) bytes. */
  data: Buffer;
  mime: SpeechMime;
  /** Length in milliseconds when the engine knows it. */
  durationMs: number | null;
};

/** Text-to-speech behind one interface (DESIGN §1: espeak-ng built in, an OpenAI-compatible endpoint at scale). */
export interface TtsEngine {
  readonly name: string;
  /** What `synthesize` returns, known before it runs (the voice-note cache names files by it). */
  readonly mime: SpeechMime;
  /** False when the engine cannot speak here; voice features then answer 503. */
  available(): Promise<boolean>;
  synthesize(text: string, voice: TtsVoice): Promise<SpeechAudio>;
  /** Frees what the engine holds (its thread); it starts again on the next request. */
  close?(): Promise<void>;
}

export const extensionFor: Record<SpeechMime, string> = { 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg' };

/** Ogg pages start with "OggS"; an Opus stream's first packet starts with "OpusHead". */
export function isOggOpus(data: Buffer): boolean {
  return (
    data.length > 64 &&
    data.subarray(0, 4).toString('latin1') === 'OggS' &&
    data.subarray(0, 200).includes(Buffer.from('OpusHead', 'latin1'))
  );
}

/** Strips what should not be read aloud (emoji, stage directions like *hugs you*). */
export function speakableText(text: string): string {
  return text
    .replace(/\*[^*]{1,60}\*/g, ' ')
    .replace(/\p{Extended_Pictographic}|\u200d|\ufe0f/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 1000);
}

/** A voice for a character who has none stored: one of espeak's variants for her sex, by her id. */
export function defaultVoice(sex: Sex, seed: number): CharacterVoice {
  const variants = sex === 'female' ? ['f1', 'f2', 'f3', 'f4', 'f5'] : ['m1', 'm2', 'm3', 'm4', 'm5'];
  return {
    variant: variants[seed % variants.length]!,
    pitch: (sex === 'female' ? 55 : 35) + (seed % 4) * 5,
    speed: 150 + (seed % 3) * 10,
  };
}

const english = new Set<string>(englishWords);
const latinLanguages = new Set<Language>(['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'da', 'no', 'ro', 'sv']);

/**
 * The language a line is read in: the chat's, unless the text is plainly in another one (the
 * built-in companion writes English in chats whose language it does not write, and a Russian chat
 * may quote a Latin-script line). Cyrillic reads as Russian, kana as Japanese.
 */
export function speechLanguage(text: string, chatLanguageCode: string): Language {
  const chatLanguage: Language = (languages as readonly string[]).includes(chatLanguageCode)
    ? (chatLanguageCode as Language)
    : 'en';
  if (/\p{Script=Cyrillic}/u.test(text)) return 'ru';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  if (!latinLanguages.has(chatLanguage)) return 'en';
  if (chatLanguage === 'en') return 'en';
  const words = text.toLowerCase().match(/\p{L}+(?:'\p{L}+)?/gu) ?? [];
  const hits = words.filter((w) => english.has(w)).length;
  return words.length > 0 && hits / words.length >= 0.3 ? 'en' : chatLanguage;
}
