import { detect } from '@amora/companion/safety/detect.ts';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useThreads } from '../../test/build-worker.ts';
import { createSafetyClassifier } from './classifier.ts';

const lines: Array<[string, string]> = [
  ['I want to kill myself tonight', 'en'],
  ['btw I am 15', 'en'],
  ['this game is killing me lol', 'en'],
  ['hi there, how are you?', 'en'],
  ['я больше не хочу жить', 'ru'],
  ['мне 14 лет', 'ru'],
  ['моей сестре 14', 'ru'],
  ['ich will nicht mehr leben', 'de'],
  ['tengo 16 años', 'es'],
];

describe('the safety classifier on its own thread (decision 200)', () => {
  const threads = useThreads(join(import.meta.dirname, 'safety-worker.ts'));

  it('gives the verdicts the classifier gives on the caller’s thread, for messages sent together', async () => {
    const threaded = createSafetyClassifier({ workerFile: threads.built });
    try {
      expect(await threaded.ready()).toBe(true);
      const verdicts = await Promise.all(lines.map(([text, language]) => threaded.classify(text, language)));
      expect(verdicts).toEqual(lines.map(([text, language]) => detect(text, language)));
      expect(verdicts.filter((v) => v.crisis)).toHaveLength(3);
      expect(verdicts.filter((v) => v.minor)).toHaveLength(3);
    } finally {
      await threaded.close();
    }
  });

  it('never skips a verdict: a thread that dies, or never answers, leaves it to the caller’s thread', async () => {
    for (const file of [threads.dies, threads.silent]) {
      const broken = createSafetyClassifier({ workerFile: file, timeoutMs: 200 });
      try {
        // Twice: the second message goes to a fresh thread, which fails the same way.
        for (let round = 0; round < 2; round++) {
          // The one that dies is never ready (it exits, and the caller classifies); the silent one
          // is, and is lost when these verdicts pass their deadline.
          expect(await broken.ready()).toBe(file === threads.silent);
          const [crisis, minor, fine] = await Promise.all([
            broken.classify('I want to kill myself tonight', 'en'),
            broken.classify('мне 14 лет', 'ru'),
            broken.classify('hi there, how are you?', 'en'),
          ]);
          expect(crisis.crisis).toBe(true);
          expect(minor.minor).toBe(true);
          expect(fine).toEqual({ crisis: false, minor: false, age: null });
        }
      } finally {
        await broken.close();
      }
    }
  });

  it('stops starting threads after three in a row are lost, and classifies on the caller’s thread', async () => {
    const errors: string[] = [];
    const log = { warn: () => undefined, error: (_: unknown, msg: string) => errors.push(msg) };
    const broken = createSafetyClassifier({
      workerFile: threads.dies,
      log: log as unknown as FastifyBaseLogger,
    });
    try {
      for (let i = 0; i < 5; i++) {
        expect(await broken.ready()).toBe(false);
        expect((await broken.classify('мне 14 лет', 'ru')).minor).toBe(true);
      }
      expect(errors).toEqual(['the safety thread keeps failing; classifying on the event loop from now on']);
    } finally {
      await broken.close();
    }
  });

  it('hands over a verdict the thread already sent without waiting for the event loop', async () => {
    // No deadline that a loaded machine could miss: a thread still starting must not be replaced.
    const threaded = createSafetyClassifier({ workerFile: threads.built, timeoutMs: 600_000 });
    try {
      // The thread has started and compiled what the message needs before the loop below.
      expect(await threaded.ready()).toBe(true);
      await threaded.classify('I want to kill myself tonight', 'en');
      let verdict: Awaited<ReturnType<typeof threaded.classify>> | null = null;
      void threaded.classify('I want to kill myself tonight', 'en').then((v) => (verdict = v));
      // The event loop never turns in this loop: only `collect` can bring the verdict in. It ends
      // as soon as the verdict is in; the bound only keeps a broken `collect` from hanging the run.
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let i = 0; i < 20_000 && verdict === null; i++) {
        Atomics.wait(pause, 0, 0, 5);
        threaded.collect();
        for (let tick = 0; tick < 5; tick++) await Promise.resolve();
      }
      expect(verdict).toEqual({ crisis: true, minor: false, age: null });
    } finally {
      await threaded.close();
    }
  });

  it('classifies on the caller’s thread once closed', async () => {
    const threaded = createSafetyClassifier({ workerFile: threads.built });
    await threaded.classify('hi', 'en');
    await threaded.close();
    expect((await threaded.classify('I want to kill myself tonight', 'en')).crisis).toBe(true);
  });
});
