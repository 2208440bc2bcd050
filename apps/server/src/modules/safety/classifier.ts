import { detect, type SafetyVerdict } from '@amora/companion/safety/detect.ts';
import type { FastifyBaseLogger } from 'fastify';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { SafetyJob, SafetyResult } from './safety-worker.ts';

/**
 * Where the safety classifier runs (decision 200): on a thread of its own in the built server, so
 * a message is screened while the send's statement runs and the event loop stays free; on the
 * caller's thread in the TypeScript sources (tests, `npm run dev`) unless given a built worker.
 * A verdict is never skipped: a thread that fails or is too slow is replaced, and the message is
 * classified on the caller's thread instead.
 */
export type SafetyClassifier = {
  classify(text: string, language: string): Promise<SafetyVerdict>;
  /**
   * Takes the verdicts the thread has already sent, without waiting for the event loop to deliver
   * them: a caller about to await a verdict calls it first.
   */
  collect(): void;
  close(): Promise<void>;
};

/** The built server's safety thread: dist/safety-worker.js, bundled beside dist/server.js. */
const builtWorker = new URL('./safety-worker.js', import.meta.url);
/** True when running the bundle (npm start), false in the TypeScript sources. */
const bundled = !import.meta.url.endsWith('.ts');

/** A thread that cannot start (a missing or broken build) is not started again for every message. */
const MAX_FAILURES = 3;

const inline: SafetyClassifier = {
  classify: (text, language) => Promise.resolve(detect(text, language)),
  collect: () => undefined,
  close: () => Promise.resolve(),
};

export function createSafetyClassifier(
  opts: { workerFile?: URL | null; timeoutMs?: number; log?: FastifyBaseLogger } = {},
): SafetyClassifier {
  const file = opts.workerFile === undefined ? (bundled ? builtWorker : null) : opts.workerFile;
  if (!file) return inline;
  // Far above a verdict's cost (about a millisecond) and a crowd's queue, far below a reply's deadline.
  const timeoutMs = opts.timeoutMs ?? 5_000;
  let worker: Worker | null = null;
  let replies: MessagePort | null = null;
  let closed = false;
  /** Threads lost in a row without a verdict: past MAX_FAILURES the caller's thread classifies for good. */
  let failures = 0;
  let nextId = 1;
  type Pending = { resolve: (r: SafetyResult) => void; timer: NodeJS.Timeout };
  const pending = new Map<number, Pending>();

  /** Every job still waiting on a thread that is gone is answered on the caller's thread. */
  const drop = (w: Worker, why: string) => {
    if (worker !== w) return;
    worker = null;
    if (!closed && ++failures === MAX_FAILURES)
      opts.log?.error({ why }, 'the safety thread keeps failing; classifying on the event loop from now on');
    if (pending.size) opts.log?.warn({ why, jobs: pending.size }, 'safety thread lost; classifying inline');
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.resolve({ id, ok: false, error: why });
    }
    pending.clear();
  };

  const settle = (r: SafetyResult) => {
    if (r.ok) failures = 0;
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    clearTimeout(p.timer);
    p.resolve(r);
  };

  function start(): Worker {
    // The verdicts come back on a channel of their own, so `collect` can read them synchronously.
    const { port1, port2 } = new MessageChannel();
    const w = new Worker(file!, { workerData: { port: port2 }, transferList: [port2] });
    // An idle safety thread never keeps the process alive.
    w.unref();
    port1.on('message', settle);
    port1.unref();
    replies?.close();
    replies = port1;
    w.on('error', (err) => drop(w, String(err)));
    w.on('exit', (code) => drop(w, `the safety thread stopped (${code})`));
    return w;
  }

  return {
    async classify(text, language) {
      if (closed || failures >= MAX_FAILURES) return detect(text, language);
      worker ??= start();
      const w = worker;
      const id = nextId++;
      const result = await new Promise<SafetyResult>((resolve) => {
        const timer = setTimeout(() => {
          // A stuck thread: replace it; this message and those queued behind it are classified inline.
          pending.delete(id);
          resolve({ id, ok: false, error: 'timeout' });
          drop(w, 'timeout');
          void w.terminate();
        }, timeoutMs);
        timer.unref();
        pending.set(id, { resolve, timer });
        w.postMessage({ id, text, language } satisfies SafetyJob);
      });
      return result.ok ? result.verdict : detect(text, language);
    },
    collect() {
      if (!replies) return;
      for (let m = receiveMessageOnPort(replies); m; m = receiveMessageOnPort(replies))
        settle(m.message as SafetyResult);
    },
    async close() {
      closed = true;
      const w = worker;
      if (!w) return;
      drop(w, 'closing');
      await w.terminate();
      replies?.close();
      replies = null;
    },
  };
}
