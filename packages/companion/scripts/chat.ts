/**
 * Talk to the built-in engine in a terminal: `npm run chat -w packages/companion -- [en|ru] [character]`.
 * Uses the test characters (src/engine/fixtures/characters.json); memory, points and mood carry over
 * from turn to turn as the chat service does.
 */
import { createInterface } from 'node:readline';
import { clampPoints, levelForPoints } from '@amora/shared/chat.ts';
import type { Mood } from '@amora/shared/enums.ts';
import type { BrainCharacter, BrainContext, ChatMemory } from '../src/engine/brain.ts';
import { createBuiltinBrain } from '../src/engine/builtin-brain.ts';
import characters from '../src/engine/fixtures/characters.json' with { type: 'json' };

const language = process.argv[2] === 'ru' ? 'ru' : 'en';
const all = characters as unknown as BrainCharacter[];
const character = all.find((c) => c.name.toLowerCase() === (process.argv[3] ?? '').toLowerCase()) ?? all[0]!;
const brain = createBuiltinBrain();
let memory: ChatMemory = {};
let points = 0;
let mood: Mood = 'Neutral';
const history: Array<{ self: boolean; text: string }> = [];

function context(userMessage: string): BrainContext {
  return {
    character,
    language,
    user: { name: null, age: null, sex: 'male' },
    chat: { level: levelForPoints(points), points, mood, mode: 'gentle', spicy: false },
    memory,
    history: history.slice(-20),
    userMessage,
    now: new Date(),
  };
}

const hello = await brain.greeting(context(''));
memory = hello.memory;
console.log(`${character.name}: ${hello.text}`);
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (line === '/quit') break;
  const reply = await brain.reply(context(line));
  memory = reply.memory;
  points = clampPoints(points + reply.pointsDelta);
  if (reply.mood) mood = reply.mood;
  history.push({ self: false, text: line }, { self: true, text: reply.text });
  console.log(`${character.name} [${reply.intent}, level ${levelForPoints(points)}]: ${reply.text}`);
}
rl.close();
