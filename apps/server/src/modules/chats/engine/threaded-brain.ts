import type { Brain, BrainContext, BrainReply } from '@amora/companion/engine/brain.ts';
import type { FastifyBaseLogger } from 'fastify';
import { bundled, createThreadRunner } from '../../../lib/thread.ts';
import { runEngineJob, type EngineJob } from './engine-job.ts';

/** The built server's engine thread: dist/engine-worker.js, bundled beside dist/server.js. */
const builtWorker = new URL('./engine-worker.js', import.meta.url);

/**
 * The built-in engine on a thread of its own (decision 205): the same engine answering the same
 * calls, while the event loop serves sockets and statements. A context is plain data (the memory is
 * JSON, `now` a Date) and crosses to the thread as a structured clone. A thread that fails or is too
 * slow is replaced, and the reply is written by `inline` on the caller's thread (lib/thread.ts).
 * Without a built thread (the TypeScript sources: tests, `npm run dev`) `inline` does every job.
 */
export function createThreadedBrain(
  /** The built-in engine on the caller's thread (the thread runs the built-in engine too). */
  inline: Brain,
  opts: { workerFile?: URL | null; timeoutMs?: number; seed?: number; log?: FastifyBaseLogger } = {},
): Brain & { ready(): Promise<boolean>; close(): Promise<void> } {
  const runner = createThreadRunner<EngineJob, BrainReply>({
    file: opts.workerFile === undefined ? (bundled ? builtWorker : null) : opts.workerFile,
    inline: (job) => runEngineJob(inline, job),
    name: 'engine',
    doing: 'writing replies',
    // A reply costs about a millisecond: far above a crowd's queue, far below a reply's deadline.
    timeoutMs: opts.timeoutMs ?? 5_000,
    options: { seed: opts.seed },
    log: opts.log,
  });
  return {
    name: inline.name,
    reply: (ctx) => runner.run({ kind: 'reply', ctx }),
    greeting: (ctx) => runner.run({ kind: 'greeting', ctx }),
    ...(inline.writeFirst && {
      writeFirst: (ctx: BrainContext) => runner.run({ kind: 'writeFirst', ctx }),
    }),
    ready: () => runner.ready(),
    close: () => runner.close(),
  };
}
