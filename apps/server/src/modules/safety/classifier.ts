import { detect, type SafetyVerdict } from '@amora/companion/safety/detect.ts';
import type { FastifyBaseLogger } from 'fastify';
import { bundled, createThreadRunner } from '../../lib/thread.ts';
import type { SafetyJob } from './safety-worker.ts';

/**
 * Where the safety classifier runs (decision 200): on a thread of its own in the built server, so
 * a message is screened while the send's statement runs and the event loop stays free; on the
 * caller's thread in the TypeScript sources (tests, `npm run dev`) unless given a built worker.
 * A verdict is never skipped: a thread that fails or is too slow is replaced, and the message is
 * classified on the caller's thread instead (lib/thread.ts).
 */
export type SafetyClassifier = {
  classify(text: string, language: string): Promise<SafetyVerdict>;
  /**
   * Takes the verdicts the thread has already sent, without waiting for the event loop to deliver
   * them: a caller about to await a verdict calls it first.
   */
  collect(): void;
  /** Resolves once the thread takes verdicts (true), or false without one (lib/thread.ts). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
};

/** The built server's safety thread: dist/safety-worker.js, bundled beside dist/server.js. */
const builtWorker = new URL('./safety-worker.js', import.meta.url);

export function createSafetyClassifier(
  opts: { workerFile?: URL | null; timeoutMs?: number; log?: FastifyBaseLogger } = {},
): SafetyClassifier {
  const runner = createThreadRunner<SafetyJob, SafetyVerdict>({
    file: opts.workerFile === undefined ? (bundled ? builtWorker : null) : opts.workerFile,
    inline: (job) => detect(job.text, job.language),
    name: 'safety',
    doing: 'classifying',
    // Far above a verdict's cost (about a millisecond) and a crowd's queue, far below a reply's deadline.
    timeoutMs: opts.timeoutMs ?? 5_000,
    log: opts.log,
  });
  return {
    classify: (text, language) => runner.run({ text, language }),
    collect: () => runner.collect(),
    ready: () => runner.ready(),
    close: () => runner.close(),
  };
}
