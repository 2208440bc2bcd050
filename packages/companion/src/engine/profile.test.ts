import type { EngineLanguage } from '@amora/shared/enums.ts';
import { describe, expect, it } from 'vitest';
import { Conversation, seeded, testCharacters } from '../quality/quality.ts';
import { createBuiltinBrain } from './builtin-brain.ts';
import { loadMemory } from './memory.ts';
import { extractProfile, isNotAnAnswer, pronounName, recallQuestion } from './profile.ts';

function chat(language: EngineLanguage, seed = 1): Conversation {
  return new Conversation(createBuiltinBrain({ random: seeded(seed) }), testCharacters[0]!, language);
}

async function talk(language: EngineLanguage, lines: string[], seed = 1) {
  const c = chat(language, seed);
  await c.greet();
  const replies = [];
  for (const l of lines) replies.push(await c.say(l));
  return { replies, last: replies[replies.length - 1]!, mem: loadMemory(c.memory) };
}

describe('the structured profile', () => {
  it('gives "his name is Kiwi" to the parrot, not to the user', async () => {
    const { mem, last } = await talk('en', [
      'my name is Alex',
      'I have a parrot',
      'his name is Kiwi',
      "what's my parrot called?",
    ]);
    expect(mem.name).toBe('Alex');
    expect(mem.facts.pet[0]).toMatchObject({ canon: 'parrot', name: 'Kiwi' });
    expect(last.intent).toBe('ask_memory');
    expect(last.text).toMatch(/kiwi/i);
  });

  it('names relatives and pets in Russian and answers "как зовут мою собаку?"', async () => {
    const { mem, last } = await talk('ru', [
      'мою сестру зовут Аня',
      'у меня есть собака, её зовут Найда',
      'как зовут мою собаку?',
    ]);
    expect(mem.facts.family[0]).toMatchObject({ canon: 'sister', name: 'Аня' });
    expect(mem.name).toBeUndefined();
    expect(last.text).toMatch(/найда/i);
  });

  it('answers where the user works with the whole phrase, not a cut one', async () => {
    const en = await talk('en', ['I work as a nurse at the hospital', 'do you remember where I work?']);
    expect(en.mem.facts.job?.v).toBe('a nurse at the hospital');
    expect(en.last.text).toMatch(/nurse at the hospital/i);
    const ru = await talk('ru', ['я работаю учительницей в школе', 'где я работаю?']);
    expect(ru.mem.facts.job?.v).toBe('учительницей в школе');
    expect(ru.last.text).toMatch(/учительницей в школе/i);
  });

  it('says honestly that she does not know yet, and asks', async () => {
    const { last, mem } = await talk('en', ['hi', "what's my dog called?"]);
    expect(last.intent).toBe('ask_memory');
    expect(last.text).not.toMatch(/good question|what do you think/i);
    expect(last.text).toMatch(/\?/);
    expect(mem.facts.pet).toHaveLength(0);
  });

  it('never takes a filler or a question as the answer to her question', async () => {
    const { mem } = await talk('en', ['where do I live?', 'Hmm', 'why?', 'idk']);
    expect(mem.facts.city).toBeUndefined();
    const later = await talk('en', ['where do I live?', 'hmm', 'Berlin', 'where do I live?']);
    expect(later.mem.facts.city?.v).toBe('Berlin');
    expect(later.last.text).toMatch(/berlin/i);
    expect(isNotAnAnswer('хм')).toBe(true);
    expect(isNotAnAnswer('Москва')).toBe(false);
  });

  it('reads facts and questions in both languages', () => {
    expect(extractProfile('my favourite food is pizza').fav).toMatchObject({ canon: 'food', v: 'pizza' });
    expect(extractProfile('я ненавижу грибы').dislike?.v).toBe('грибы');
    expect(extractProfile('у меня экзамен в пятницу').event).toMatchObject({
      v: 'экзамен',
      when: 'в пятницу',
    });
    expect(extractProfile('my birthday is May 5').birthday?.v).toBe('may 5');
    expect(pronounName('her name is Luna')).toBe('Luna');
    expect(recallQuestion('как зовут мою собаку?')).toEqual({ slot: 'pet', canon: 'dog' });
    expect(recallQuestion('где я работаю?')).toEqual({ slot: 'job' });
    expect(recallQuestion('do you remember where I work?')).toEqual({ slot: 'job' });
    expect(recallQuestion("what's your name?")).toBeNull();
    expect(recallQuestion('I have a dog')).toBeNull();
  });
});
