import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ThreadReady, ThreadResult } from './thread.ts';

/**
 * The thread's side of `createThreadRunner` (lib/thread.ts): does each job it is sent, in order, and
 * sends the answer back on the port the server handed over (`workerData.port`), which the server
 * can read without waiting for its event loop. `options` is what the runner passed (a seed in tests).
 * Once `work` has set up (a model loaded, an engine built), it says it is ready: the deadlines of
 * the jobs the server sent it start then (decision 208).
 */
export function serveJobs<Job, Out>(work: (options: unknown) => (job: Job) => Out | Promise<Out>): void {
  const jobs = parentPort;
  const data = workerData as { port?: MessagePort; options?: unknown } | null;
  const port = data?.port ?? parentPort;
  if (!jobs || !port) return;
  const run = work(data?.options);
  const answer = async (id: number, job: Job): Promise<ThreadResult<Out>> => {
    try {
      return { id, ok: true, out: await run(job) };
    } catch (err) {
      return { id, ok: false, error: String(err) };
    }
  };
  jobs.on('message', ({ id, job }: { id: number; job: Job }) => {
    void answer(id, job).then((result) => port.postMessage(result));
  });
  port.postMessage({ ready: true } satisfies ThreadReady);
}
