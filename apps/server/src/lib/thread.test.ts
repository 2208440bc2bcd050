import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorker } from '../test/build-worker.ts';
import { createThreadRunner } from './thread.ts';

/**
 * Two threads built with the real `serveJobs`: one that takes `delayMs` to set up (a loaded machine
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
      slow: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);',
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

  const runner = (file: URL, log: ReturnType<typeof logged>['log']) =>
    createThreadRunner<string, string>({
      file,
      inline: (job) => `inline:${job}`,
      name: 'test',
      doing: 'working',
      // Far below the slow thread's start-up: only the jobs it was sent count against it.
      timeoutMs: 100,
      startTimeoutMs: 2_000,
      log: log as never,
    });

  it('does the jobs on the caller’s thread while it starts, and a slow start is no failure', async () => {
    const { lines, log } = logged();
    const slow = runner(files.slow!, log);
    try {
      // Asked before the thread is ready: answered at once, on the caller's thread.
      expect(await Promise.all(['a', 'b'].map((job) => slow.run(job)))).toEqual(['inline:a', 'inline:b']);
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
    const never = runner(files.never!, log);
    try {
      for (let i = 0; i < 3; i++) {
        expect(await never.run(`job ${i}`)).toBe(`inline:job ${i}`);
        expect(await never.ready()).toBe(false);
      }
      expect(errors).toEqual(['the test thread keeps failing; working on the event loop from now on']);
      expect(await never.ready()).toBe(false);
      expect(await never.run('last')).toBe('inline:last');
    } finally {
      await never.close();
    }
  });
});
