import { levelForPoints } from '@amora/shared/chat.ts';
import type { EngineLanguage } from '@amora/shared/enums.ts';
import { seededRandom } from '@amora/shared/random.ts';
import type { Brain, BrainCharacter, BrainContext, BrainReply } from '@amora/companion/engine/brain.ts';
import { createBuiltinBrain } from '@amora/companion/engine/builtin-brain.ts';
import characters from '@amora/companion/engine/fixtures/characters.json' with { type: 'json' };
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useThreads } from '../../../test/build-worker.ts';
import { createThreadedBrain } from './threaded-brain.ts';

const cast = characters as unknown as BrainCharacter[];

/**
 * The thread's own deadline, out of reach in these tests: on a loaded machine a thread that is
 * still starting would otherwise be replaced, and the reply written on the caller's thread.
 */
const NO_DEADLINE = 600_000;

const turns: Record<EngineLanguage, string[]> = {
  en: ['hi there!', 'my name is Sam', 'I live in Paris', 'what do you like?', 'do you remember my name?'],
  ru: ['привет!', 'меня зовут Сэм', 'я живу в Париже', 'что ты любишь?', 'ты помнишь, как меня зовут?'],
};

/**
 * A short conversation as the chat service runs it (greeting, replies, a message of her own),
 * memory, points and mood carried from turn to turn. Sequential, so a seeded engine draws the
 * same numbers in the same order wherever it runs.
 */
async function converse(brain: Brain, character: BrainCharacter, language: EngineLanguage) {
  const base: Omit<BrainContext, 'userMessage' | 'history'> = {
    character,
    language,
    user: { name: null, age: null, sex: 'male' },
    chat: { level: levelForPoints(0), points: 0, mood: 'Neutral', mode: 'gentle', spicy: false },
    memory: {},
    now: new Date('2026-06-01T18:00:00Z'),
  };
  const history: BrainContext['history'] = [];
  const replies: BrainReply[] = [await brain.greeting(base)];
  let ctx = { ...base, memory: replies[0]!.memory };
  for (const text of turns[language]) {
    const reply = await brain.reply({ ...ctx, history: [...history], userMessage: text });
    replies.push(reply);
    history.push({ self: true, text }, { self: false, text: reply.text });
    const points = Math.max(0, ctx.chat.points + reply.pointsDelta);
    ctx = {
      ...ctx,
      memory: reply.memory,
      chat: { ...ctx.chat, points, level: levelForPoints(points), mood: reply.mood ?? ctx.chat.mood },
    };
  }
  replies.push(await brain.writeFirst!({ ...ctx, history, userMessage: '' }));
  return replies;
}

describe('the built-in engine on its own thread (decision 205)', () => {
  const threads = useThreads(join(import.meta.dirname, 'engine-worker.ts'));

  it('writes exactly what the engine writes on the caller’s thread, in both languages', async () => {
    for (const [i, language] of (['en', 'ru'] as const).entries()) {
      const character = cast[i]!;
      const seed = 11 + i;
      const threaded = createThreadedBrain(createBuiltinBrain(), {
        workerFile: threads.built,
        seed,
        timeoutMs: NO_DEADLINE,
      });
      try {
        // The thread starts and sets up (replies come from it, not the caller's unseeded engine).
        expect(await threaded.ready()).toBe(true);
        const there = await converse(threaded, character, language);
        const here = await converse(createBuiltinBrain({ random: seededRandom(seed) }), character, language);
        expect(there).toEqual(here);
        expect(there.map((r) => r.intent)).toContain('tell_name');
      } finally {
        await threaded.close();
      }
    }
  });

  it('answers calls made together, each with its own reply', async () => {
    const threaded = createThreadedBrain(createBuiltinBrain(), {
      workerFile: threads.built,
      timeoutMs: NO_DEADLINE,
    });
    try {
      expect(await threaded.ready()).toBe(true);
      const character = cast[0]!;
      const base = {
        character,
        user: { name: null, age: null, sex: 'female' as const },
        chat: {
          level: levelForPoints(0),
          points: 0,
          mood: 'Neutral' as const,
          mode: 'gentle' as const,
          spicy: false,
        },
        memory: {},
        history: [],
        now: new Date(),
      };
      const replies = await Promise.all([
        ...turns.en.map((userMessage) => threaded.reply({ ...base, language: 'en', userMessage })),
        ...turns.ru.map((userMessage) => threaded.reply({ ...base, language: 'ru', userMessage })),
      ]);
      const inline = createBuiltinBrain();
      const expected = await Promise.all([
        ...turns.en.map((userMessage) => inline.reply({ ...base, language: 'en', userMessage })),
        ...turns.ru.map((userMessage) => inline.reply({ ...base, language: 'ru', userMessage })),
      ]);
      expect(replies.map((r) => r.intent)).toEqual(expected.map((r) => r.intent));
      for (const r of replies.slice(turns.en.length)) expect(r.text).toMatch(/[а-яё]/i);
    } finally {
      await threaded.close();
    }
  });

  it('never loses a reply: a thread that dies or never answers leaves it to the caller’s thread', async () => {
    const errors: string[] = [];
    const log = { warn: () => undefined, error: (_: unknown, msg: string) => errors.push(msg) };
    for (const file of [threads.dies, threads.silent]) {
      const broken = createThreadedBrain(createBuiltinBrain({ random: seededRandom(5) }), {
        workerFile: file,
        timeoutMs: 200,
        log: log as unknown as FastifyBaseLogger,
      });
      // The same engine with the same seed, alone: every reply must come out exactly as it writes it.
      const reference = createBuiltinBrain({ random: seededRandom(5) });
      try {
        // Four rounds: a fresh thread each time until three were lost, then the caller's thread for
        // good. The one that dies is never ready; the silent one is, and is lost on its first reply.
        for (let round = 0; round < 4; round++) {
          const ready = await broken.ready();
          if (file === threads.dies || round === 3) expect(ready).toBe(false);
          expect(await converse(broken, cast[0]!, 'en')).toEqual(await converse(reference, cast[0]!, 'en'));
        }
      } finally {
        await broken.close();
      }
    }
    expect(errors).toEqual([
      'the engine thread keeps failing; writing replies on the event loop from now on',
      'the engine thread keeps failing; writing replies on the event loop from now on',
    ]);
  });
});
