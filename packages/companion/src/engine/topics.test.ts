import { describe, expect, it } from 'vitest';
import { Conversation, seeded, testCharacters } from '../quality/quality.ts';
import { createBuiltinBrain } from './builtin-brain.ts';
import { arithmetic, knownFact, questionTopic } from './topics.ts';

describe('what she can say about a question itself', () => {
  it('does simple arithmetic in both languages', () => {
    expect(arithmetic("what's 2+2?")).toBe('4');
    expect(arithmetic('сколько будет 7 умножить на 8?')).toBe('56');
    expect(arithmetic('100 divided by 4')).toBe('25');
    expect(arithmetic('hello')).toBeNull();
  });

  it('knows a few well-known facts', () => {
    expect(knownFact("what's the capital of France?", 'en')).toBe('Paris');
    expect(knownFact('какая столица Японии?', 'ru')).toBe('Токио');
    expect(knownFact('what is love?', 'en')).toBeNull();
  });

  it('finds the subject of a question she cannot place', () => {
    expect(questionTopic('do you believe in ghosts?', 'en')).toBe('ghosts');
    expect(questionTopic('what do you think about cryptocurrency?', 'en')).toBe('cryptocurrency');
  });

  it('answers an unplaceable question about its subject, never the same dodge twice in a row', async () => {
    const c = new Conversation(createBuiltinBrain({ random: seeded(3) }), testCharacters[2]!, 'en');
    await c.greet();
    const a = await c.say('do you believe in ghosts?');
    const b = await c.say('what do you think about cryptocurrency?');
    expect(a.text.toLowerCase()).toContain('ghosts');
    expect(b.text.toLowerCase()).toContain('cryptocurrency');
  });

  it('keeps small talk away after grief', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const c = new Conversation(
        createBuiltinBrain({ random: seeded(seed) }),
        testCharacters[seed % 4]!,
        'en',
      );
      await c.greet();
      const grief = await c.say('my grandma died yesterday');
      const next = await c.say('thanks');
      for (const r of [grief, next]) {
        expect(r.text).not.toMatch(/weekend|plans|where do you live|what do you do|favourite/i);
      }
      expect(grief.intent).toBe('grief');
    }
  });
});
