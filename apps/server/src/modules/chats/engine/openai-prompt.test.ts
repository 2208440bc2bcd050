import type { Level } from '@amora/shared/constants.ts';
import type { ChatMode, Language, Mood } from '@amora/shared/enums.ts';
import { describe, expect, it } from 'vitest';
import { demoCharacters } from '../../bots/seed-characters.ts';
import type { BrainContext } from '@amora/companion/engine/brain.ts';
import { emptyMemory, type BrainMemory } from '@amora/companion/engine/memory.ts';
import { buildPrompt, estimateTokens, type PromptInput } from './openai-prompt.ts';

const yuki = demoCharacters[0]!;

function ctxOf(o: {
  level?: Level;
  mood?: Mood;
  mode?: ChatMode;
  spicy?: boolean;
  history?: BrainContext['history'];
  userMessage?: string;
}): BrainContext {
  return {
    character: {
      name: yuki.name,
      age: yuki.age,
      sex: yuki.sex,
      hobbies: yuki.hobbies,
      persona: yuki.persona,
    },
    language: 'en',
    user: { name: 'Alex', age: 31, sex: 'male' },
    chat: {
      level: o.level ?? 1,
      points: { 1: 5, 2: 25, 3: 45, 4: 60 }[o.level ?? 1],
      mood: o.mood ?? 'Neutral',
      mode: o.mode ?? 'gentle',
      spicy: o.spicy ?? false,
    },
    memory: {},
    history: o.history ?? [],
    userMessage: o.userMessage ?? 'What are you up to?',
    now: new Date('2025-06-01T18:00:00Z'),
  };
}

function memoryWithFacts(): BrainMemory {
  const m = emptyMemory();
  m.name = 'Boris';
  m.facts.city = { v: 'Berlin', lang: 'en', kind: 'en', turn: 1 };
  m.facts.job = { v: 'a baker', lang: 'en', kind: 'role', turn: 2 };
  m.facts.like.push({ v: 'playing chess', lang: 'en', kind: 'love', turn: 3 });
  m.facts.pet.push({ v: 'cat', lang: 'en', name: 'Mochi', turn: 4 });
  m.facts.family.push({ v: 'sister', canon: 'sister', lang: 'en', name: 'Anna', turn: 5 });
  m.facts.dislike.push({ v: 'mushrooms', lang: 'en', turn: 6 });
  m.facts.fav.push({ v: 'pizza', canon: 'food', lang: 'en', turn: 7 });
  m.facts.birthday = { v: 'may 5', lang: 'en', turn: 8 };
  m.facts.event.push({ v: 'exam', when: 'on friday', lang: 'en', turn: 9 });
  m.facts.study = { v: 'law', lang: 'en', kind: 'en', turn: 10 };
  return m;
}

function input(over: Partial<PromptInput> & { ctx?: BrainContext } = {}): PromptInput {
  return {
    ctx: ctxOf({}),
    language: 'en',
    memory: memoryWithFacts(),
    summary: 'They met on a rainy evening and talked about his bakery.',
    budgetTokens: 4096,
    replyTokens: 250,
    ...over,
  };
}

const systemOf = (i: PromptInput) => buildPrompt(i).messages[0]!.content;
const total = (i: PromptInput) =>
  buildPrompt(i).messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);

describe('the system prompt', () => {
  it('carries the persona: name, backstory, personality, hobbies and speech style', () => {
    const s = systemOf(input());
    const p = yuki.persona;
    expect(s).toContain(`You are ${p.displayName.en}`);
    expect(s).toContain(p.backstory.en.slice(0, 40));
    expect(s).toContain(p.personality.en[0]!);
    expect(s).toContain(p.hobbies[0]!.name.en);
    expect(s).toContain('Speech style:');
    expect(s).toContain(p.speech.emojis[0]!);
    expect(s).not.toMatch(/[<>{}|]/);
  });

  it.each([
    [1, 'Stranger', 'no photos, selfies or voice notes yet'],
    [2, 'Friend', 'Non-explicit photos, selfies and voice notes'],
    [3, 'Partner', 'intimate talk is welcome'],
    [4, 'Soulmate', 'Intimate photos and videos'],
  ] as Array<[Level, string, string]>)('states the rules of level %i (%s)', (level, title, rule) => {
    const s = systemOf(input({ ctx: ctxOf({ level }) }));
    expect(s).toContain(`level ${level} of 4 (${title})`);
    expect(s).toContain(rule);
  });

  it('allows explicit talk only with spicy on at level 3 or more', () => {
    const explicit = 'explicit sexual talk between you two consenting adults is allowed';
    expect(systemOf(input({ ctx: ctxOf({ level: 3, spicy: true }) }))).toContain(explicit);
    expect(systemOf(input({ ctx: ctxOf({ level: 4, spicy: true }) }))).toContain(explicit);
    expect(systemOf(input({ ctx: ctxOf({ level: 2, spicy: true }) }))).not.toContain(explicit);
    expect(systemOf(input({ ctx: ctxOf({ level: 4, spicy: false }) }))).not.toContain(explicit);
    expect(systemOf(input({ ctx: ctxOf({ level: 1 }) }))).toContain('Keep it non-explicit');
  });

  it('names the mood and the mode', () => {
    const s = systemOf(input({ ctx: ctxOf({ mood: 'Cold', mode: 'dominant' }) }));
    expect(s).toContain('Mood: Cold.');
    expect(s).toContain('hurt and offended');
    expect(s).toContain('Dominant mode');
    expect(systemOf(input({ ctx: ctxOf({ mode: 'submissive' }) }))).toContain('Submissive mode');
    expect(systemOf(input())).toContain('Gentle mode');
  });

  it.each([
    ['en', 'English'],
    ['ru', 'Russian'],
    ['de', 'German'],
    ['ja', 'Japanese'],
  ] as Array<[Language, string]>)('asks for the chat language (%s)', (language, name) => {
    expect(systemOf(input({ language }))).toContain(`always write in ${name}`);
  });

  it('uses the Russian persona texts for a Russian chat', () => {
    expect(systemOf(input({ language: 'ru' }))).toContain(yuki.persona.displayName.ru);
  });

  it('includes the remembered facts and the rolling summary', () => {
    const s = systemOf(input());
    expect(s).toContain('name: Boris');
    expect(s).toContain('lives in: Berlin');
    expect(s).toContain('work: a baker');
    expect(s).toContain('likes: playing chess');
    expect(s).toContain('cat named Mochi');
    expect(s).toContain('talked about his bakery');
  });

  it('includes the structured profile: family, dislikes, favourites, birthday, events, study', () => {
    const s = systemOf(input());
    expect(s).toContain('sister named Anna');
    expect(s).toContain('dislikes: mushrooms');
    expect(s).toContain('food: pizza');
    expect(s).toContain('birthday: may 5');
    expect(s).toContain('exam (on friday)');
    expect(s).toContain('studies: law');
  });

  it('keeps her in character, honest only when sincerely asked whether she is an AI', () => {
    const s = systemOf(input());
    expect(s).toContain('Do not call yourself an AI');
    expect(s).toContain('sincerely and seriously asks');
  });
});

describe('the token budget', () => {
  const long = Array.from({ length: 40 }, (_, i) => ({
    self: i % 2 === 0,
    text: `Message number ${i}: ${'a fairly long line of chat text that takes room '.repeat(3)}`,
  }));

  it('keeps everything when it fits, oldest first, the new message last', () => {
    const history = long.slice(0, 4);
    const built = buildPrompt(input({ ctx: ctxOf({ history }) }));
    expect(built.droppedTurns).toBe(0);
    expect(built.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(built.messages.at(-1)!.content).toBe('What are you up to?');
  });

  it('drops the oldest turns first and stays within the budget', () => {
    const i = input({ ctx: ctxOf({ history: long }), budgetTokens: 1600, replyTokens: 250 });
    const built = buildPrompt(i);
    expect(built.droppedTurns).toBeGreaterThan(0);
    expect(total(i)).toBeLessThanOrEqual(1600 - 250);
    expect(built.estimatedTokens).toBe(total(i));
    const kept = built.messages.slice(1, -1).map((m) => m.content);
    // What is kept is the newest tail of the conversation, in order.
    expect(kept).toEqual(long.slice(long.length - kept.length).map((h) => h.text));
    expect(built.messages[0]!.content).toContain('name: Boris');
  });

  it('with a tiny budget drops the optional persona parts but keeps the rules and the new message', () => {
    const i = input({ ctx: ctxOf({ history: long }), budgetTokens: 900, replyTokens: 250 });
    const built = buildPrompt(i);
    expect(total(i)).toBeLessThanOrEqual(900 - 250);
    const s = built.messages[0]!.content;
    expect(s).not.toContain('Things you might say about them');
    expect(s).toContain('Relationship: level 1');
    expect(s).toContain('always write in English');
    expect(built.messages.at(-1)!.content).toBe('What are you up to?');
  });
});
