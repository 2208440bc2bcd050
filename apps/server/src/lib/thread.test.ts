import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorker } from '../test/build-worker.ts';
import { createThreadRunner } from './thread.ts';

/**
 * Two threads built with the real `serveJobs`: one that takes 3 s to set up (a loaded machine
 * at start) before it says it is ready, and one that never gets ready.
 */
const threadSource = (setup: string) => `
import { serveJobs } from ${JSON.stringify(join(import.meta.dirname, 'thread-worker.ts'))};
serveJobs(() => {
  ${setup}
  return (job) => 'thread:' + job;
});
`;

describe('a thread takes jobs once it is ready (decision 208)', () => {
  const files: { slow?: URL; never?: URL } = {};
  const disposers: (() => void)[] = [];
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-thread-'));
    disposers.push(() => rmSync(dir, { recursive: true, force: true }));
    const setups = {
      slow: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_000);',
      never: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);',
    };
    for (const [name, setup] of Object.entries(setups) as [keyof typeof setups, string][]) {
      const entry = join(dir, `${name}.ts`);
      writeFileSync(entry, threadSource(setup));
      const built = await buildWorker(entry);
      disposers.push(built.dispose);
      files[name] = built.file;
    }
  });
  afterAll(() => disposers.forEach((d) => d()));

  /** What the runner logged: its warnings and errors. */
  const logged = () => {
    const lines: string[] = [];
    const log = {
      warn: (_: unknown, msg: string) => lines.push(msg),
      error: (_: unknown, msg: string) => lines.push(msg),
    };
    return { lines, log };
  };

  const runner = (file: URL, log: ReturnType<typeof logged>['log'], startTimeoutMs?: number) =>
    createThreadRunner<string, string>({
      file,
      inline: (job) => `inline:${job}`,
      name: 'test',
      doing: 'working',
      // Half the slow thread's start-up (it cannot start faster, however loaded the machine), far
      // above a job's cost once it runs.
      timeoutMs: 1_500,
      ...(startTimeoutMs && { startTimeoutMs }),
      log: log as never,
    });

  it('holds the jobs sent while it starts, and a slow start is no failure', async () => {
    const { lines, log } = logged();
    const slow = runner(files.slow!, log);
    try {
      // Sent before the thread is ready: their deadline starts once it is, so the thread answers.
      expect(await Promise.all(['a', 'b'].map((job) => slow.run(job)))).toEqual(['thread:a', 'thread:b']);
      expect(await slow.ready()).toBe(true);
      expect(await Promise.all(['c', 'd'].map((job) => slow.run(job)))).toEqual(['thread:c', 'thread:d']);
      // No thread was lost on the way: the start-up did not count against a job's deadline.
      expect(lines).toEqual([]);
    } finally {
      await slow.close();
    }
    expect(await slow.ready()).toBe(false);
  });

  it('counts a thread that is never ready as lost, and after three works on the caller’s thread', async () => {
    const { lines: errors, log } = logged();
    const never = runner(files.never!, log, 2_000);
    try {
      // Each job waits for its thread's start deadline, then is done on the caller's thread.
      for (let i = 0; i < 3; i++) expect(await never.run(`job ${i}`)).toBe(`inline:job ${i}`);
      expect(errors.filter((e) => e.includes('keeps failing'))).toEqual([
        'the test thread keeps failing; working on the event loop from now on',
      ]);
      expect(await never.ready()).toBe(false);
      expect(await never.run('last')).toBe('inline:last');
    } finally {
      await never.close();
    }
  });
});
