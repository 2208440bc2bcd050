import { describe, expect, it } from 'vitest';
import relevanceEn from '../quality/relevance-en.json' with { type: 'json' };
import relevanceRu from '../quality/relevance-ru.json' with { type: 'json' };
import variety from '../quality/variety-script.json' with { type: 'json' };
import topicLexicon from './content/topic-lexicon.json' with { type: 'json' };
import { topicGuess, topicGuessEveryStem, type KeywordIntent } from './intents.ts';
import { normalizeInput } from './text.ts';

/**
 * Decision 204: `topicGuess` tests only the stems whose first letters begin a word of the
 * message. It must answer exactly what testing every stem answers.
 */
describe('the topic guess by word starts', () => {
  const turns = [
    ...relevanceEn.map((r) => r.turn),
    ...relevanceRu.map((r) => r.turn),
    ...variety.en,
    ...variety.ru,
  ];
  // Every plain topic word, alone, inside a word, after punctuation, and beside another topic's word.
  const plain = Object.values(topicLexicon as Record<string, { en: string[]; ru: string[] } | string>)
    .flatMap((w) => (typeof w === 'string' ? [] : [...w.en, ...w.ru]))
    .map((x) => x.trim())
    .filter((x) => /^[\p{L} ]+$/u.test(x));
  const built = plain.flatMap((x, i) => {
    const other = plain[(i * 7 + 3) % plain.length]!;
    return [x, `${x}s`, `un${x}`, `-${x}!`, `"${x}"`, `I like ${x} and ${other}`, `${other}, ${x}?`, `7${x}`];
  });

  it('answers what testing every stem answers', () => {
    const lines = [...turns, ...built].map(normalizeInput);
    expect(lines.length).toBeGreaterThan(3000);
    let placed = 0;
    for (const line of lines) {
      const guess = topicGuess(line);
      expect(guess, line).toBe(topicGuessEveryStem(line));
      if (guess) placed++;
    }
    // The comparison means something only when many lines are placed.
    expect(placed).toBeGreaterThan(lines.length / 3);
  });

  it('leaves blocked topics out the same way', () => {
    const blocked = new Set<KeywordIntent>(['food', 'music']);
    for (const line of [
      'I ate pizza while listening to jazz',
      'я ела пиццу под музыку',
      'pizza and a movie',
    ].map(normalizeInput))
      expect(topicGuess(line, blocked), line).toBe(topicGuessEveryStem(line, blocked));
  });
});
