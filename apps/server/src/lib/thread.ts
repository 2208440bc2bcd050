import type { FastifyBaseLogger } from 'fastify';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/**
 * Pure CPU work the server hands to a thread of its own (decisions 200 and 205): the safety
 * classifier and the built-in engine. The event loop stays free for sockets and statements, and the
 * work runs beside them on the machine's other core. The answer never depends on the thread: a
 * thread that fails, or is too slow, is replaced and the job is done on the caller's thread instead;
 * after MAX_FAILURES threads lost in a row the caller's thread does every job for good.
 *
 * A job's deadline runs from the moment its thread says it is ready (decision 208): jobs sent while
 * it starts wait for it (the server's warm-up at boot warms the thread, not the event loop), and a
 * start slowed by a loaded machine is not a failure. A thread that exits or fails first, or is not
 * ready within START_TIMEOUT_MS, is lost like any other.
 */
export type ThreadRunner<Job, Out> = {
  run(job: Job): Promise<Out>;
  /**
   * Takes the answers the thread has already sent, without waiting for the event loop to deliver
   * them: a caller about to await an answer calls it first.
   */
  collect(): void;
  /**
   * Starts a thread if none is running and resolves once it is ready (true), or false when it is
   * lost first, the runner was closed or has given up on threads.
   */
  ready(): Promise<boolean>;
  close(): Promise<void>;
};

/** What a thread sends back for the job numbered `id`. */
export type ThreadResult<Out> = { id: number; ok: true; out: Out } | { id: number; ok: false; error: string };

/** What a thread sends once it can take jobs (lib/thread-worker.ts). */
export type ThreadReady = { ready: true };

/** How long a thread may take to become ready, on a machine as loaded as it gets, before it counts as lost. */
const START_TIMEOUT_MS = 60_000;

/** A thread that cannot start (a missing or broken build) is not started again for every job. */
const MAX_FAILURES = 3;

/** True when running the bundle (npm start), false in the TypeScript sources (tests, npm run dev). */
export const bundled = !import.meta.url.endsWith('.ts');

export function createThreadRunner<Job, Out>(opts: {
  /** The built thread; null runs every job on the caller's thread. */
  file: URL | null;
  /** The same work on the caller's thread. */
  inline: (job: Job) => Out | Promise<Out>;
  /**
   * For the logs: `name` "safety" and `doing` "classifying" read "the safety thread keeps failing;
   * classifying on the event loop from now on".
   */
  name: string;
  doing: string;
  /** Far above a job's cost and a crowd's queue, far below the caller's own deadline. */
  timeoutMs: number;
  /** How long a thread may take to say it is ready (START_TIMEOUT_MS unless a test says less). */
  startTimeoutMs?: number;
  /** Handed to the thread as its `workerData.options` (a seed in tests). */
  options?: unknown;
  log?: FastifyBaseLogger | undefined;
}): ThreadRunner<Job, Out> {
  const { file, inline, name, doing, timeoutMs, log } = opts;
  if (!file)
    return {
      run: async (job) => inline(job),
      collect: () => undefined,
      ready: () => Promise.resolve(false),
      close: () => Promise.resolve(),
    };
  let worker: Worker | null = null;
  /** The running thread has said it is ready: the deadlines of its jobs run. */
  let isReady = false;
  /** Told when the running thread is ready (true) or lost (false). */
  let waiters: ((ready: boolean) => void)[] = [];
  let startTimer: NodeJS.Timeout | null = null;
  let replies: MessagePort | null = null;
  let closed = false;
  /** Threads lost in a row without an answer: past MAX_FAILURES the caller's thread works for good. */
  let failures = 0;
  let nextId = 1;
  /** A job sent to the thread; its deadline (`timer`) is set once the thread is ready. */
  type Pending = { resolve: (r: ThreadResult<Out>) => void; arm: () => void; timer?: NodeJS.Timeout };
  const pending = new Map<number, Pending>();

  /** Every job still waiting on a thread that is gone is done on the caller's thread. */
  const drop = (w: Worker, why: string) => {
    if (worker !== w) return;
    worker = null;
    isReady = false;
    stopStartTimer();
    tell(false);
    if (!closed && ++failures === MAX_FAILURES)
      log?.error({ why }, `the ${name} thread keeps failing; ${doing} on the event loop from now on`);
    if (pending.size) log?.warn({ why, jobs: pending.size }, `${name} thread lost; ${doing} inline`);
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.resolve({ id, ok: false, error: why });
    }
    pending.clear();
  };

  const stopStartTimer = () => {
    if (startTimer) clearTimeout(startTimer);
    startTimer = null;
  };

  const tell = (ready: boolean) => {
    const told = waiters;
    waiters = [];
    for (const w of told) w(ready);
  };

  const receive = (w: Worker, m: ThreadResult<Out> | ThreadReady) => {
    if (!('ready' in m)) return settle(m);
    if (worker !== w) return;
    isReady = true;
    stopStartTimer();
    for (const p of pending.values()) p.arm();
    tell(true);
  };

  const settle = (r: ThreadResult<Out>) => {
    if (r.ok) failures = 0;
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    clearTimeout(p.timer);
    p.resolve(r);
  };

  function start(): Worker {
    // The answers come back on a channel of their own, so `collect` can read them synchronously.
    const { port1, port2 } = new MessageChannel();
    const w = new Worker(file!, {
      workerData: { port: port2, options: opts.options },
      transferList: [port2],
    });
    // An idle thread never keeps the process alive.
    w.unref();
    port1.on('message', (m: ThreadResult<Out> | ThreadReady) => receive(w, m));
    port1.unref();
    replies?.close();
    replies = port1;
    w.on('error', (err) => drop(w, String(err)));
    w.on('exit', (code) => drop(w, `the ${name} thread stopped (${code})`));
    startTimer = setTimeout(() => {
      drop(w, 'not ready in time');
      void w.terminate();
    }, opts.startTimeoutMs ?? START_TIMEOUT_MS);
    startTimer.unref();
    return w;
  }

  const usable = () => !closed && failures < MAX_FAILURES;

  return {
    async run(job) {
      if (!usable()) return inline(job);
      worker ??= start();
      const w = worker;
      const id = nextId++;
      const result = await new Promise<ThreadResult<Out>>((resolve) => {
        const p: Pending = {
          resolve,
          arm: () => {
            p.timer = setTimeout(() => {
              // A stuck thread: replace it; this job and those queued behind it are done inline.
              pending.delete(id);
              resolve({ id, ok: false, error: 'timeout' });
              drop(w, 'timeout');
              void w.terminate();
            }, timeoutMs);
            p.timer.unref();
          },
        };
        pending.set(id, p);
        if (isReady) p.arm();
        w.postMessage({ id, job });
      });
      return result.ok ? result.out : inline(job);
    },
    collect() {
      const port = replies;
      const w = worker;
      if (!port || !w) return;
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port))
        receive(w, m.message as ThreadResult<Out> | ThreadReady);
    },
    ready() {
      if (!usable()) return Promise.resolve(false);
      worker ??= start();
      if (isReady) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => waiters.push(resolve));
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
