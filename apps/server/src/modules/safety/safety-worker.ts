import { detect, type SafetyVerdict } from '@amora/companion/safety/detect.ts';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';

/**
 * The safety thread (decision 200): the classifier runs here, so screening a message never blocks
 * the server's event loop and runs beside the send's statement. One job at a time, in order. The
 * verdicts go back on the port the server handed over (`workerData.port`), which the server can
 * read without waiting for its event loop.
 */
export type SafetyJob = { id: number; text: string; language: string };
export type SafetyResult =
  { id: number; ok: true; verdict: SafetyVerdict } | { id: number; ok: false; error: string };

const jobs = parentPort;
const port = (workerData as { port?: MessagePort } | null)?.port ?? parentPort;
if (jobs && port) {
  jobs.on('message', (job: SafetyJob) => {
    try {
      port.postMessage({
        id: job.id,
        ok: true,
        verdict: detect(job.text, job.language),
      } satisfies SafetyResult);
    } catch (err) {
      port.postMessage({ id: job.id, ok: false, error: String(err) } satisfies SafetyResult);
    }
  });
}
