import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/**
 * Complete dictionaries: English (start and fallback) is bundled; Russian loads on demand like the
 * partial ones, so the first load of home stays in the JS budget (docs/decisions/017).
 */
const completeLanguages = ['en', 'ru'] as const;
/** Dictionaries for the login, profile and menu labels (SPEC §1), loaded on demand; the rest falls back to English. */
export const partialLanguages = ['es', 'pt', 'fr', 'it', 'ro', 'de', 'nl', 'sv', 'da', 'no'] as const;
export const uiLanguages = [...completeLanguages, ...partialLanguages] as const;
export type UiLanguage = (typeof uiLanguages)[number];
type LoadedLanguage = Exclude<UiLanguage, 'en'>;
export const LANGUAGE_STORAGE_KEY = 'amora.language';

type Dictionary = { default: Record<string, unknown> };
const loaders: Record<LoadedLanguage, () => Promise<Dictionary>> = {
  ru: () => import('../locales/ru.json'),
  es: () => import('../locales/es.json'),
  pt: () => import('../locales/pt.json'),
  fr: () => import('../locales/fr.json'),
  it: () => import('../locales/it.json'),
  ro: () => import('../locales/ro.json'),
  de: () => import('../locales/de.json'),
  nl: () => import('../locales/nl.json'),
  sv: () => import('../locales/sv.json'),
  da: () => import('../locales/da.json'),
  no: () => import('../locales/no.json'),
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (uiLanguages as readonly string[]).includes(value);
}

export function storedLanguage(): UiLanguage | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isUiLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18next.language) ? i18next.language : 'en';
}

async function ensureDictionary(language: UiLanguage): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const dictionary = await loaders[language]();
  i18next.addResourceBundle(language, 'translation', dictionary.default, true, true);
}

/** Changes the interface language, remembers it and keeps `<html lang>` in step. */
export async function setUiLanguage(language: UiLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this visit only
  }
  try {
    await ensureDictionary(language);
  } catch {
    // the dictionary could not load (offline): English texts stand in
  }
  await i18next.changeLanguage(language);
}

function syncHtmlLang(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const i18n = i18next;

const initial = storedLanguage() ?? 'en';

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...uiLanguages],
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

syncHtmlLang(i18next.language);
i18next.on('languageChanged', syncHtmlLang);
/**
 * Resolves once the stored language's dictionary is in (at once for English). The app renders after
 * it, so a Russian visitor never sees English first; a dictionary slower than 3 s (or offline and
 * not cached) leaves English standing in until it arrives.
 */
export const i18nReady: Promise<void> =
  initial === 'en'
    ? Promise.resolve()
    : Promise.race([setUiLanguage(initial), new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
