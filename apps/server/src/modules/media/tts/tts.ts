import type { EngineLanguage, Sex } from '@amora/shared/enums.ts';

/** Who is speaking: the voice is chosen from these, the same for one character every time. */
export type TtsVoice = { language: EngineLanguage; sex: Sex; seed: number };

export type SpeechAudio = {
  /** Ogg/Opus bytes. */
  data: Buffer;
  mime: 'audio/ogg';
  /** Length in milliseconds when the engine knows it. */
  durationMs: number | null;
};

/** Text-to-speech behind one interface (DESIGN §1: espeak-ng offline, an OpenAI-compatible endpoint at scale). */
export interface TtsEngine {
  readonly name: string;
  /** False when the engine cannot speak here (espeak-ng or ffmpeg missing); voice features then answer 503. */
  available(): Promise<boolean>;
  synthesize(text: string, voice: TtsVoice): Promise<SpeechAudio>;
}

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
