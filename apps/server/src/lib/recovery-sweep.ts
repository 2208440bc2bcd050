import type { FastifyBaseLogger } from 'fastify';
import type { Background } from './background.ts';

export type RecoveryTask = { name: string; run: (now: Date) => Promise<unknown> };

/**
 * The recovery sweep (decisions 033, 034): on every node, once at start and then every
 * `intervalMs` (0: only at start), it settles what a crashed or stalled node left behind — replies
 * owed past their deadline, queued sandbox webhooks, pending payments. Each task claims its rows
 * with conditional updates, so nodes sweeping at once do each piece of work once. Returns a stop.
 */
export function startRecoverySweep(opts: {
  intervalMs: number;
  background: Background;
  log: FastifyBaseLogger;
  tasks: RecoveryTask[];
}): () => void {
  let running = false;
  const sweep = () => {
    if (running || opts.background.closing) return;
    running = true;
    opts.background.run(async () => {
      try {
        const now = new Date();
        for (const task of opts.tasks) {
          try {
            await task.run(now);
          } catch (err) {
            opts.log.error({ err, task: task.name }, 'recovery sweep task failed');
          }
        }
      } finally {
        running = false;
      }
    });
  };
  sweep();
  if (opts.intervalMs <= 0) return () => undefined;
  const timer = setInterval(sweep, opts.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
