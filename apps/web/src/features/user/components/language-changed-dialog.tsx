import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { showToast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAuthStore } from '../../auth/store.ts';
import { updateLanguageForChats } from '../api/user-api.ts';
import { useLanguageChangedStore } from '../language-changed-store.ts';

/** SPEC §2 language-changed modal: after the interface language changes, offer it for the characters too. */
export function LanguageChangedDialog() {
  const { t } = useTranslation();
  const prompt = useLanguageChangedStore((s) => s.prompt);
  const close = useLanguageChangedStore((s) => s.close);
  const [saving, setSaving] = useState(false);
  const name = (code: string) => t(`language.names.${code}`, { defaultValue: code });

  const confirm = () => {
    if (!prompt) return;
    setSaving(true);
    updateLanguageForChats(prompt.language)
      .then(({ user }) => {
        useAuthStore.getState().setUser(user);
        showToast(t('language.changed.done', { language: name(prompt.language) }), 'success');
        close();
      })
      .catch((err: unknown) => showToast(errorMessage(err, t), 'error'))
      .finally(() => setSaving(false));
  };

  return (
    <Dialog
      open={prompt !== null}
      onClose={close}
      title={t('language.changed.title')}
      description={prompt ? t('language.changed.text', { language: name(prompt.language) }) : null}
      size="sm"
      testId="language-changed-dialog"
    >
      {prompt ? (
        <div style={{ display: 'grid', gap: 12, marginTop: 24 }}>
          <Button block onClick={confirm} loading={saving} data-testid="language-changed-confirm">
            {t('language.changed.confirm', { language: name(prompt.language) })}
          </Button>
          <Button block variant="ghost" onClick={close}>
            {t('language.changed.keep', { current: name(prompt.chatLanguage) })}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
