import i18next, { type TFunction } from 'i18next';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

/** A `t` in English or Russian from the app's own locale files, apart from the app's i18n instance. */
export async function translator(lng: 'en' | 'ru'): Promise<TFunction> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { en: { translation: en }, ru: { translation: ru } } });
  return i18n.t;
}
