// Built-in engine time per reply, in-process (no HTTP, no database, no typing delay): every demo
// character in English and Russian holds a scripted conversation, memory, points and mood carried
// from turn to turn as the chat service does. Prints p50/p95/p99 of brain.reply().
import { register } from 'tsx/esm/api';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { percentile, root } from './lib.mjs';

register();
const src = (p) => pathToFileURL(join(root, 'apps/server/src', p)).href;
const { createBuiltinBrain } = await import('@amora/companion/engine/builtin-brain.ts');
const { demoCharacters } = await import(src('modules/bots/seed-characters.ts'));
const { clampPoints, levelForPoints } = await import('@amora/shared/chat.ts');

const TURNS = Number(process.env.TURNS ?? 120);

const script = {
  en: [
    'hi there!',
    'my name is Alex',
    'how are you today?',
    'I live in Berlin',
    'what do you do for work?',
    'I work as a nurse',
    'you look really beautiful',
    'what are your hobbies?',
    'I love hiking in the mountains',
    'tomorrow I am going to visit my parents',
    'I have a dog named Rex',
    'do you remember my name?',
    'send me a photo please',
    'I feel a bit sad today',
    'you are so sweet',
    'what are you doing right now?',
    'haha that is funny',
    'I miss you',
    'where are you from?',
    'good night, talk tomorrow',
  ],
  ru: [
    'привет!',
    'меня зовут Саша',
    'как у тебя дела?',
    'я живу в Москве',
    'чем ты занимаешься?',
    'я работаю программистом',
    'ты очень красивая',
    'какие у тебя хобби?',
    'я люблю ходить в горы',
    'завтра собираюсь поехать к родителям',
    'у меня есть кот по кличке Барсик',
    'ты помнишь как меня зовут?',
    'пришли фото пожалуйста',
    'мне сегодня грустно',
    'ты такая милая',
    'что ты сейчас делаешь?',
    'ахах смешно',
    'я скучаю по тебе',
    'откуда ты?',
    'спокойной ночи, до завтра',
  ],
};

const brain = createBuiltinBrain();
const times = [];
const started = performance.now();
for (const c of demoCharacters) {
  for (const language of ['en', 'ru']) {
    const chat = { points: 0, mood: 'Neutral', memory: {}, history: [] };
    const base = {
      character: { name: c.name, age: c.age, sex: c.sex, hobbies: c.hobbies, persona: c.persona },
      language,
      chatLanguage: language,
      user: { name: null, age: 30, sex: 'male' },
    };
    const greeting = await brain.greeting({
      ...base,
      chat: { level: 1, points: 0, mood: 'Neutral', mode: 'gentle', spicy: false },
      memory: {},
      now: new Date(),
    });
    chat.memory = greeting.memory;
    chat.history.push({ self: false, text: greeting.text });
    for (let turn = 0; turn < TURNS; turn++) {
      const userMessage = script[language][turn % script[language].length];
      const ctx = {
        ...base,
        chat: {
          level: levelForPoints(chat.points),
          points: chat.points,
          mood: chat.mood,
          mode: 'gentle',
          spicy: false,
        },
        memory: chat.memory,
        history: chat.history.slice(-20),
        userMessage,
        now: new Date(),
      };
      const t0 = performance.now();
      const reply = await brain.reply(ctx);
      times.push(performance.now() - t0);
      chat.memory = reply.memory;
      chat.points = clampPoints(chat.points + reply.pointsDelta);
      if (reply.mood) chat.mood = reply.mood;
      chat.history.push({ self: true, text: userMessage }, { self: false, text: reply.text });
    }
  }
}
const wall = performance.now() - started;
// The first replies include JIT warm-up; report them apart.
const warm = times.slice(0, 50);
const steady = times.slice(50).sort((a, b) => a - b);
const fmt = (v) => `${v.toFixed(3)} ms`;
console.log(
  `built-in engine, in-process, ${times.length} replies (${demoCharacters.length} characters × en/ru × ${TURNS} turns), delay excluded`,
);
console.log(
  `  p50 ${fmt(percentile(steady, 50))}   p95 ${fmt(percentile(steady, 95))}   p99 ${fmt(percentile(steady, 99))}   max ${fmt(steady.at(-1))}`,
);
console.log(
  `  first 50 (warm-up) mean ${fmt(warm.reduce((a, b) => a + b, 0) / warm.length)}; ${(times.length / (wall / 1000)).toFixed(0)} replies/s on one core`,
);
