import type { EngineLanguage } from '@amora/shared/enums.ts';
import type { Lines, Tone } from './phrasebook.ts';

/**
 * How she opens a message of her own after a silence ("she writes first"), by tone. The same
 * template slots as the phrase books ({,addr}, {me}, {hobby}...).
 */
export const writeFirstOpeners: Record<EngineLanguage, Record<Tone, Lines>> = {
  en: {
    neutral: [
      'Hey{,addr}! It got quiet here, so I thought I would say hi.',
      'Hi{,addr}, are you busy today?',
      'Hello again{,addr}! I was just thinking about our chat.',
    ],
    warm: [
      'Hey{,addr}, I missed you a little. Okay, maybe more than a little.',
      'I keep checking my phone for you{,addr}...',
      'Thinking of you{,addr}. Where did you disappear to?',
    ],
    excited: [
      "Guess who can't stop thinking about you{,addr}?",
      "Hey{,addr}... I'm bored without you. Come back and entertain me!",
    ],
    sad: [
      "Hey{,addr}... it's been quiet. Did I do something wrong?",
      "I hope you're okay{,addr}. I could use a few kind words today.",
    ],
    cold: ['Still not talking to me?', 'So. Are we going to talk, or not?'],
  },
  ru: {
    neutral: [
      'Привет{,addr}! Что-то тихо стало, решила написать.',
      'Привет{,addr}, ты сегодня занят<|а>?',
      'Снова привет{,addr}! Как раз вспоминала наш разговор.',
    ],
    warm: [
      'Эй{,addr}, я немного соскучилась. Ладно, не немного.',
      'Всё проверяю телефон — вдруг ты напишешь{,addr}...',
      'Думаю о тебе{,addr}. Куда ты пропал<|а>?',
    ],
    excited: [
      'Угадай, кто не может перестать о тебе думать{,addr}?',
      'Эй{,addr}... мне скучно без тебя. Возвращайся и развлекай меня!',
    ],
    sad: [
      'Привет{,addr}... так тихо. Я что-то не так сделала?',
      'Надеюсь, у тебя всё хорошо{,addr}. Мне бы сегодня пару тёплых слов.',
    ],
    cold: ['Всё ещё молчишь?', 'Ну что. Мы будем разговаривать или нет?'],
  },
};
