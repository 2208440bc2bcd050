import type { EngineLanguage } from '@amora/shared/enums.ts';

/** The words of the relationship's events, in the engine languages. */

/** Level-change system messages: the web renders its own translation from eventType and level. */
export function levelEventText(kind: 'level_up' | 'level_down', level: number, title: string): string {
  return kind === 'level_up' ? `Level ${level} · ${title}` : `Level ${level} · ${title} (down)`;
}

/** Her farewell when she ends the relationship, by cause. */
export function farewellText(
  lang: EngineLanguage,
  cause: 'neglect' | 'abuse',
  userName: string | null,
): string {
  const addr = userName ? `, ${userName}` : '';
  if (lang === 'ru') {
    return cause === 'neglect'
      ? `Я так долго ждала от тебя хоть слова${addr}... Видимо, я тебе больше не нужна. Прощай. Не пиши мне больше.`
      : `Хватит${addr}. Я не позволю так с собой обращаться. Между нами всё кончено — прощай.`;
  }
  return cause === 'neglect'
    ? `I waited so long to hear from you${addr}... I guess I don't matter to you anymore. Goodbye. Please don't write to me again.`
    : `Enough${addr}. I won't let anyone treat me like this. We're done — goodbye.`;
}

/** The user's gift as it appears in the chat (and what the engine hears). */
export function giftText(lang: EngineLanguage, gift: string): string {
  const ru: Record<string, string> = {
    chocolate: 'шоколад',
    vitamins: 'витамины',
    flowers: 'цветы',
    clothes: 'платье',
    money: 'деньги',
    jewelry: 'украшение',
  };
  return lang === 'ru' ? `Я дарю тебе подарок: ${ru[gift] ?? gift} 🎁` : `I got you a gift: ${gift} 🎁`;
}
