import type { Language } from '@amora/shared/enums.ts';
import { Worker } from 'node:worker_threads';
import type { VoiceJob, VoiceResult } from './espeak-worker.ts';
import { loadEspeak, renderVoiceNote, type EspeakParams } from './espeak-wasm.ts';
import type { SpeechAudio, TtsEngine, TtsVoice } from './tts.ts';
import { speakableText } from './tts.ts';

/** espeak-ng's voice for each chat language. */
const espeakVoices: Record<Language, string> = {
  en: 'en-us',
  de: 'de',
  fr: 'fr-fr',
  es: 'es',
  pt: 'pt',
  it: 'it',
  nl: 'nl',
  da: 'da',
  no: 'nb',
  ro: 'ro',
  sv: 'sv',
  ru: 'ru',
  ja: 'ja',
};

export function espeakParams(voice: TtsVoice): EspeakParams {
  return {
    voice: espeakVoices[voice.language],
    variant: voice.variant,
    pitch: voice.pitch,
    speed: voice.speed,
  };
}

/** How the engine runs espeak-ng: on its own thread (the server) or on the caller's (tests, bench). */
type Renderer = {
  render(text: string, params: EspeakParams): Promise<{ data: Buffer; durationMs: number }>;
  close(): Promise<void>;
};

function inlineRenderer(): Renderer {
  let espeak: ReturnType<typeof loadEspeak> | null = null;
  return {
    async render(text, params) {
      espeak ??= loadEspeak();
      return renderVoiceNote(await espeak, text, params);
    },
    close: () => Promise.resolve(),
  };
}

/** The built server's voice thread: dist/espeak-worker.js, bundled beside dist/server.js. */
const builtWorker = new URL('./espeak-worker.js', import.meta.url);
/** True when running the bundle (npm start), false in the TypeScript sources (tests, npm run dev). */
const bundled = !import.meta.url.endsWith('.ts');

function workerRenderer(file: URL, timeoutMs: number): Renderer {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: VoiceResult) => void; reject: (e: Error) => void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function start(): Worker {
    const w = new Worker(file);
    // An idle voice thread never keeps the process alive.
    w.unref();
    w.on('message', (r: VoiceResult) => {
      const p = pending.get(r.id);
      pending.delete(r.id);
      p?.resolve(r);
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(new Error(`the voice thread stopped (${code})`));
    });
    return w;
  }

  return {
    render(text, params) {
      worker ??= start();
      const w = worker;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          // A stuck synthesis: drop the thread; the next voice note starts a fresh one.
          if (worker === w) worker = null;
          void w.terminate();
          reject(new Error('espeak-ng took too long'));
        }, timeoutMs);
        timer.unref();
        pending.set(id, {
          resolve: (r) => {
            clearTimeout(timer);
            if (r.ok) resolve({ data: Buffer.from(r.data), durationMs: r.durationMs });
            else reject(new Error(`espeak-ng failed: ${r.error}`));
          },
          reject: (e) => {
            clearTimeout(timer);
            reject(e);
          },
        });
        w.postMessage({ id, text, params } satisfies VoiceJob);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

/**
 * The built-in voice: espeak-ng compiled to WebAssembly speaks, lamejs encodes MP3 (plays in every
 * browser). Everything comes from npm; no program on PATH is needed (decision 050). The built
 * server runs it on a thread of its own so the event loop stays free; the TypeScript sources (tests,
 * `npm run dev`) run it inline unless given a built worker file.
 */
export function createEspeakWasmTts(opts: { workerFile?: URL | null; timeoutMs?: number } = {}): TtsEngine {
  const file = opts.workerFile === undefined ? (bundled ? builtWorker : null) : opts.workerFile;
  const renderer = file ? workerRenderer(file, opts.timeoutMs ?? 30_000) : inlineRenderer();
  return {
    name: 'espeak-ng-wasm',
    mime: 'audio/mpeg',
    available: () => Promise.resolve(true),
    async synthesize(text: string, voice: TtsVoice): Promise<SpeechAudio> {
      const note = await renderer.render(speakableText(text) || '...', espeakParams(voice));
      return { data: note.data, mime: 'audio/mpeg', durationMs: note.durationMs };
    },
    close: () => renderer.close(),
  };
}
