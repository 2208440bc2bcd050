import { Mp3Encoder } from '@breezystack/lamejs';
import type { ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';

/** espeak-ng's output rate. */
export const ESPEAK_SAMPLE_RATE = 22050;
/** Speech at 22.05 kHz mono: 32 kbit/s MPEG-2 Layer III is clear and about 4 KB a second. */
export const MP3_KBPS = 32;

/** What espeak-ng needs to speak one line: its voice name, variant, pitch and speed. */
export type EspeakParams = { voice: string; variant: string; pitch: number; speed: number };

/**
 * espeak-ng compiled to WebAssembly (npm `@echogarden/espeak-ng-emscripten`, its voice data inside
 * the tarball): no program on PATH, nothing downloaded. Loading takes ~0.15 s and ~30 MB, once.
 */
export async function loadEspeak(): Promise<ESpeakNGWorker> {
  const { default: initialize } = await import('@echogarden/espeak-ng-emscripten');
  const module = await initialize();
  return new module.eSpeakNGWorker();
}

/** 16-bit mono PCM at 22050 Hz. An unknown variant falls back to the language's own voice. */
export function speakPcm(espeak: ESpeakNGWorker, text: string, p: EspeakParams): Int16Array {
  if (espeak.set_voice(`${p.voice}+${p.variant}`) !== 0 && espeak.set_voice(p.voice) !== 0) {
    if (espeak.set_voice('en-us') !== 0) throw new Error(`espeak-ng has no voice ${p.voice}`);
  }
  espeak.set_rate(p.speed);
  espeak.set_pitch(p.pitch);
  const chunks: Int16Array[] = [];
  let total = 0;
  espeak.synthesize(text, (samples) => {
    if (samples?.length) {
      chunks.push(samples.slice());
      total += samples.length;
    }
  });
  const pcm = new Int16Array(total);
  let at = 0;
  for (const c of chunks) {
    pcm.set(c, at);
    at += c.length;
  }
  return pcm;
}

/** Encodes mono PCM to MP3 with lamejs (pure JavaScript LAME). */
export function encodeMp3(pcm: Int16Array, sampleRate = ESPEAK_SAMPLE_RATE, kbps = MP3_KBPS): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  const block = 1152 * 8;
  for (let i = 0; i < pcm.length; i += block) {
    const out = encoder.encodeBuffer(pcm.subarray(i, i + block));
    if (out.length) parts.push(Buffer.from(out));
  }
  const tail = encoder.flush();
  if (tail.length) parts.push(Buffer.from(tail));
  return Buffer.concat(parts);
}

/** One voice note: speech as MP3 and its length. */
export function renderVoiceNote(
  espeak: ESpeakNGWorker,
  text: string,
  p: EspeakParams,
): { data: Buffer; durationMs: number } {
  const pcm = speakPcm(espeak, text, p);
  if (pcm.length === 0) throw new Error('espeak-ng produced no audio');
  return { data: encodeMp3(pcm), durationMs: Math.round((pcm.length / ESPEAK_SAMPLE_RATE) * 1000) };
}
