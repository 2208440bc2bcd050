import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isUiLanguage, setUiLanguage, uiLanguages, type UiLanguage } from '../../../lib/i18n.ts';
import { useAuthStore } from '../../auth/store.ts';
import { updateLanguage } from '../api/user-api.ts';
import { useLanguageChangedStore } from '../language-changed-store.ts';
import styles from './language-switcher.module.css';

/**
 * The interface language (Eng, Рус and the partial dictionaries). Remembered on this device; for a
 * signed-in user also saved on the account, then the language-changed modal offers the same
 * language for the characters' replies.
 */
export const LanguageSwitcher = memo(LanguageSelect);

/** Its 12 options translate two labels each: it renders when the language changes, not with the bar. */
function LanguageSelect({ id = 'language-switcher' }: { id?: string }) {
  const { t, i18n } = useTranslation();
  const signedIn = useAuthStore((s) => s.user !== null);
  const value = isUiLanguage(i18n.language) ? i18n.language : 'en';

  const choose = (language: UiLanguage) => {
    if (language === value) return;
    void setUiLanguage(language);
    if (signedIn) {
      updateLanguage(language)
        .then(({ user }) => {
          useAuthStore.getState().setUser(user);
          if (user.languageForChats !== language)
            useLanguageChangedStore.getState().open(language, user.languageForChats);
        })
        .catch(() => undefined); // SPEC §8: a failed language update is ignored
    }
  };

  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(e) => {
          if (isUiLanguage(e.target.value)) choose(e.target.value);
        }}
        data-testid={id}
      >
        {uiLanguages.map((language) => (
          <option key={language} value={language} lang={language} title={t(`language.names.${language}`)}>
            {t(`language.short.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
