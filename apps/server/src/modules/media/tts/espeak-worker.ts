import { parentPort } from 'node:worker_threads';
import { loadEspeak, renderVoiceNote, type EspeakParams } from './espeak-wasm.ts';

/**
 * The voice thread: espeak-ng (WebAssembly) and the MP3 encoder run here, so a voice note never
 * blocks the server's event loop. One request at a time, in order.
 */
export type VoiceJob = { id: number; text: string; params: EspeakParams };
export type VoiceResult =
  { id: number; ok: true; data: Uint8Array; durationMs: number } | { id: number; ok: false; error: string };

const port = parentPort;
if (port) {
  const espeak = loadEspeak();
  port.on('message', (job: VoiceJob) => {
    espeak
      .then((e) => {
        const note = renderVoiceNote(e, job.text, job.params);
        const data = new Uint8Array(note.data);
        port.postMessage({ id: job.id, ok: true, data, durationMs: note.durationMs } satisfies VoiceResult, [
          data.buffer,
        ]);
      })
      .catch((err: unknown) => {
        port.postMessage({ id: job.id, ok: false, error: String(err) } satisfies VoiceResult);
      });
  });
}
