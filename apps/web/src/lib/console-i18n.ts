import i18next from 'i18next';
import en from '../locales/console/en.json';
import ru from '../locales/console/ru.json';

/**
 * The texts of the operator console and the partner page (locales/console/*.json), kept out of the
 * app's first load: imported by those lazy chunks, merged into the dictionaries already loaded.
 * Russian is merged once its main dictionary is in (adding it earlier would look like a loaded
 * dictionary to lib/i18n.ts and skip the real one).
 */
const extra = { en, ru } as const;
function merge(language: string): void {
  if (language !== 'en' && language !== 'ru') return;
  if (!i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', extra[language], true, false);
}
merge('en');
merge('ru');
i18next.on('languageChanged', merge);
