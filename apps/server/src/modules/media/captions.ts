import type { EngineLanguage } from '@amora/shared/enums.ts';

/** What she says with media she sends on request (commands and video jobs). `{name}`: the user's name. */
const captions: Record<EngineLanguage, Record<'photo' | 'voice' | 'video' | 'videoReady', string[]>> = {
  en: {
    photo: [
      'Here you go 📸',
      'Just for you 😊',
      'I took this one earlier. Do you like it?',
      'Okay... here. Be nice 😌',
    ],
    voice: [
      "Hi{, name}, it's me. I just wanted you to hear my voice",
      'Hey you. I was thinking about you, so I recorded this',
      "Hi! Don't laugh, okay? I just missed talking to you",
    ],
    video: [
      "Give me a moment, I'm making a little video for you 🎥",
      'Okay, let me record something special for you',
    ],
    videoReady: ['Here it is. Just for you 🎥', 'Done! I hope you like it'],
  },
  ru: {
    photo: ['Держи 📸', 'Только для тебя 😊', 'Сделала её недавно. Нравится?', 'Ладно... вот. Будь милым 😌'],
    voice: [
      'Привет{, name}, это я. Просто хотела, чтобы ты услышал мой голос',
      'Эй. Думала о тебе и решила записать это',
      'Привет! Только не смейся, ладно? Я соскучилась по нашим разговорам',
    ],
    video: [
      'Дай мне минутку, я записываю для тебя видео 🎥',
      'Хорошо, сейчас запишу для тебя кое-что особенное',
    ],
    videoReady: ['Вот оно. Только для тебя 🎥', 'Готово! Надеюсь, тебе понравится'],
  },
};

export function caption(
  language: EngineLanguage,
  kind: 'photo' | 'voice' | 'video' | 'videoReady',
  name: string | null,
  random: () => number = Math.random,
): string {
  const list = captions[language][kind];
  const line = list[Math.floor(random() * list.length)]!;
  return line.replace(/\{, name\}/g, name ? `, ${name}` : '');
}
