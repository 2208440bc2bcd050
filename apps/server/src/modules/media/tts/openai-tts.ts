import type { SpeechAudio, TtsEngine, TtsVoice } from './tts.ts';
import { isOggOpus, speakableText } from './tts.ts';

/** Voices of the OpenAI speech API, split by how they sound. */
const femaleVoices = ['nova', 'shimmer', 'coral', 'sage'];
const maleVoices = ['onyx', 'echo', 'ash', 'fable'];

export function openaiVoiceFor(voice: TtsVoice): string {
  const list = voice.sex === 'female' ? femaleVoices : maleVoices;
  return list[voice.seed % list.length]!;
}

/**
 * Any server that speaks OpenAI's `POST {base}/audio/speech` (JSON `{ model, input, voice,
 * response_format }`, answering the audio bytes). We ask for `opus`, which is Ogg/Opus.
 */
export function createOpenAiTts(opts: {
  baseUrl: string;
  apiKey?: string | undefined;
  model?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): TtsEngine {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'openai',
    mime: 'audio/ogg',
    available: () => Promise.resolve(true),
    async synthesize(text: string, voice: TtsVoice): Promise<SpeechAudio> {
      const res = await doFetch(`${base}/audio/speech`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: opts.model ?? 'tts-1',
          input: speakableText(text) || '...',
          voice: openaiVoiceFor(voice),
          response_format: 'opus',
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 300);
        throw new Error(`TTS endpoint answered ${res.status}: ${detail}`);
      }
      const data = Buffer.from(await res.arrayBuffer());
      if (!isOggOpus(data)) throw new Error('TTS endpoint did not return Ogg/Opus audio');
      return { data, mime: 'audio/ogg', durationMs: null };
    },
  };
}
