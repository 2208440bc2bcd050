import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { systemNoteText } from './system-note.ts';

describe('systemNoteText (thread notes and the chat list preview)', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en', resources: { en: { translation: en }, ru: { translation: ru } } });
  });

  it('puts a mode change in words, not the raw "gentle"', () => {
    const text = systemNoteText({ eventType: 'mode', message: 'gentle' }, i18n.t);
    expect(text).not.toBeNull();
    expect(text).not.toBe('gentle');
    expect(text!.toLowerCase()).toContain('gentle');
  });

  it('names the level and its title', () => {
    expect(systemNoteText({ eventType: 'level_up', message: '2' }, i18n.t)).toMatch(/2/);
  });

  it('reads Russian for a Russian reader', async () => {
    await i18n.changeLanguage('ru');
    const text = systemNoteText({ eventType: 'mode', message: 'dominant' }, i18n.t)!;
    expect(text).toMatch(/[а-я]/i);
    await i18n.changeLanguage('en');
  });

  it('leaves ordinary messages alone', () => {
    expect(systemNoteText({ eventType: null, message: 'hi' }, i18n.t)).toBeNull();
    expect(systemNoteText({ eventType: 'gift', message: 'flowers' }, i18n.t)).toBeNull();
  });
});
