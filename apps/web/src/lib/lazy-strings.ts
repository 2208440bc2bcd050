import i18next from 'i18next';

type Dictionary = Record<string, unknown>;

/**
 * Texts that only lazily loaded screens use (the console, the account pages, rewards, the FAQ)
 * live in their own JSON files under locales/<part>/, imported by those screens' chunks, so the
 * app's first load stays within its budget (issue 13). This merges them into the dictionaries
 * already loaded, now and whenever the language changes. Russian is merged only once its main
 * dictionary is in (adding it earlier would look like a loaded dictionary to lib/i18n.ts).
 */
export function addLazyStrings(bundles: { en: Dictionary; ru: Dictionary }): void {
  const merge = (language: string): void => {
    if (language !== 'en' && language !== 'ru') return;
    if (!i18next.hasResourceBundle(language, 'translation')) return;
    i18next.addResourceBundle(language, 'translation', bundles[language], true, false);
  };
  merge('en');
  merge('ru');
  i18next.on('languageChanged', merge);
}
