import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { messageLanguageOf, negotiateLanguage, renderMessage } from './index.ts';
import { ru } from './ru.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('server messages', () => {
  it('Russian has every English key, no others, and the same placeholders', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const russian = ru[key as keyof typeof en];
      expect(russian.trim(), key).not.toBe('');
      expect(placeholders(russian), key).toEqual(placeholders(text));
    }
  });

  it('fills params and leaves an unknown placeholder visible', () => {
    expect(renderMessage('en', 'chat.atLevel', { level: 3 })).toBe('Available at level 3');
    expect(renderMessage('ru', 'chat.atLevel', { level: 3 })).toBe('Доступно с уровня 3');
    expect(renderMessage('en', 'media.noPhotos')).toBe('{{name}} has no photos to share yet');
  });

  it('negotiates Accept-Language between English and Russian', () => {
    expect(negotiateLanguage(undefined)).toBeNull();
    expect(negotiateLanguage('')).toBeNull();
    expect(negotiateLanguage('ru')).toBe('ru');
    expect(negotiateLanguage('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ru');
    expect(negotiateLanguage('en-GB,en;q=0.9,ru;q=0.5')).toBe('en');
    expect(negotiateLanguage('de-DE,de;q=0.9')).toBeNull();
    expect(negotiateLanguage('de, ru;q=0.3')).toBe('ru');
    expect(negotiateLanguage('*')).toBe('en');
  });

  it('reads other interface languages as English', () => {
    expect(messageLanguageOf('ru')).toBe('ru');
    for (const l of ['en', 'es', 'de', 'no', null, undefined]) expect(messageLanguageOf(l)).toBe('en');
  });
});
