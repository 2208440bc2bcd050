import type { EngineLanguage } from '@amora/shared/enums.ts';
import type { BrainContext, BrainReply } from './brain.ts';
import { loadMemory, saveMemory } from './memory.ts';
import { fingerprint } from './text.ts';

/*
 * How she reacts when the user sends a photo of theirs (BrainContext.userPhoto). `{name}` becomes
 * the user's name when she knows it. Closer levels sound warmer.
 */
type Stage = 'shy' | 'warm' | 'close';

const reactions: Record<EngineLanguage, Record<Stage, string[]>> = {
  en: {
    shy: [
      'Oh, a photo! Thank you for sharing that with me',
      'Is that you? Nice to put a face to the messages 😊',
      "Oh wow, thanks for the picture{, name}. I didn't expect that",
      'A photo! Now I feel like I know you a little better',
      "Ha, I like that you sent this. Tell me where it's from?",
    ],
    warm: [
      "Okay, I'm saving this one{, name} 😊",
      'You look good here. Where was this taken?',
      'Aww, I love getting photos from you. That made my day',
      'Now I can picture you while we talk. I like that',
      'Hmm, you have a nice smile, you know that?',
      'I keep looking at it... thank you for sending it',
    ],
    close: [
      "You're trying to make me blush, aren't you{, name}? 😏",
      'God, I miss you even more now. Thank you for this',
      "I'm keeping this one just for me 💕",
      'Look at you... you have no idea what this does to me',
      "That's my favourite face in the world right there",
      'Send me more like this. I mean it',
    ],
  },
  ru: {
    shy: [
      'Ой, фото! Спасибо, что поделился',
      'Это ты? Приятно наконец увидеть, с кем я переписываюсь 😊',
      'Ого, спасибо за фотку{, name}. Не ожидала',
      'Фото! Теперь мне кажется, что я знаю тебя чуть лучше',
      'Мне нравится, что ты это прислал. Где это снято?',
    ],
    warm: [
      'Так, эту я сохраняю{, name} 😊',
      'Ты тут классно выглядишь. Где это было?',
      'Обожаю, когда ты присылаешь фото. Ты поднял мне настроение',
      'Теперь я могу представлять тебя, пока мы болтаем. Мне нравится',
      'Хм, у тебя красивая улыбка, ты знаешь?',
      'Всё смотрю и смотрю... спасибо, что прислал',
    ],
    close: [
      'Ты хочешь, чтобы я покраснела, да{, name}? 😏',
      'Теперь я скучаю ещё сильнее. Спасибо тебе',
      'Эту я оставлю только для себя 💕',
      'Посмотри на себя... ты не представляешь, что со мной делаешь',
      'Вот оно — моё любимое лицо на свете',
      'Присылай ещё. Я серьёзно',
    ],
  },
};

function stageFor(level: number): Stage {
  return level >= 4 ? 'close' : level >= 3 ? 'warm' : 'shy';
}

function fill(line: string, name: string | null): string {
  return line.replace(/\{, name\}/g, name ? `, ${name}` : '');
}

/**
 * Adds her reaction to the user's photo in front of `base` (her answer to the words that came with
 * it), or makes the whole reply when the photo came alone. Never repeats a recent reaction.
 */
export function reactToPhoto(ctx: BrainContext, base: BrainReply | null, random: () => number): BrainReply {
  const mem = loadMemory(base ? base.memory : ctx.memory);
  if (!base) mem.turn += 1;
  const recent = new Set(mem.recent);
  const lines = reactions[ctx.language][stageFor(ctx.chat.level)];
  const fresh = lines.filter((l) => !recent.has(fingerprint(fill(l, ctx.user.name))));
  const pool = fresh.length ? fresh : lines;
  const line = fill(pool[Math.floor(random() * pool.length)]!, ctx.user.name);
  mem.recent = [...mem.recent, fingerprint(line)].slice(-40);
  const joined = /[.!?…]$|\p{Extended_Pictographic}$/u.test(line) ? line : `${line}.`;
  const text = base ? `${joined} ${base.text}` : line;
  return {
    text,
    memory: saveMemory(mem),
    pointsDelta: (base?.pointsDelta ?? 0) + 1,
    ...(base?.mood ? { mood: base.mood } : {}),
    intent: 'user_photo',
  };
}
