import type { Bot } from '@amora/shared/bots.ts';
import { mainPhoto } from '@amora/shared/rules.ts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { albumHref } from '../../albums/album-rules.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { MODEL_PARAM, usePopup } from '../../../lib/popup.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useChats } from '../../chats/hooks/use-chats.ts';
import { useOpenChat } from '../../chats/hooks/use-open-chat.ts';
import { useTokenCosts } from '../../settings/hooks/use-settings.ts';
import { useBots } from '../hooks/use-bots.ts';
import styles from './selected-model-dialog.module.css';

/** The character chosen by `remote_id` (a whole number; the support character 0 has no profile). */
function parseRemoteId(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * `?popup=selected-model&remote_id=N` (SPEC §2): the character's profile over the current page.
 * Guests can see it; its chat button asks them to sign up (SPEC §6) in the nested popup.
 */
export function SelectedModelDialog() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { popup, close } = usePopup();
  const remoteId = parseRemoteId(params.get(MODEL_PARAM));
  const bots = useBots('all');
  const bot = remoteId === null ? undefined : bots.data?.find((b) => b.remote_id === remoteId);
  const missing = remoteId === null || (!bots.isPending && !bot);

  return (
    <Dialog
      open={popup === 'selected-model'}
      onClose={close}
      title={
        bot ? `${bot.name}, ${bot.age}` : missing ? t('selectedModel.notFoundTitle') : t('common.loading')
      }
      size="md"
      testId="selected-model-dialog"
    >
      {bot ? (
        <ModelProfile bot={bot} />
      ) : missing ? (
        <p role="alert" data-testid="selected-model-missing">
          {t('selectedModel.notFoundText')}
        </p>
      ) : (
        <Spinner label={t('common.loading')} />
      )}
    </Dialog>
  );
}

function ModelProfile({ bot }: { bot: Bot }) {
  const { t, i18n } = useTranslation();
  const signedIn = useAuthStore((s) => s.user !== null);
  const { data: chats } = useChats();
  const { openChat, openingBotId } = useOpenChat();
  const costs = useTokenCosts();
  const hasChat = (chats ?? []).some((c) => c.bot._id === bot._id);
  const ru = i18n.language === 'ru';
  const hobbies = ru && bot.hobbies_ru.length ? bot.hobbies_ru : bot.hobbies;
  const photo = mainPhoto(bot);
  const bodyType = bot.body_type
    ? t(`bots.bodyTypes.${bot.body_type.toLowerCase()}`, { defaultValue: bot.body_type })
    : null;
  const action = hasChat
    ? t('bots.continueWith', { name: bot.name })
    : signedIn
      ? t('selectedModel.unlock', { name: bot.name, count: costs.tokens_for_model })
      : t('bots.chatWith', { name: bot.name });

  return (
    <div className={styles.profile} data-testid="selected-model" data-remote-id={bot.remote_id}>
      {photo ? (
        <img src={photo} alt={t('selectedModel.photoAlt', { name: bot.name })} className={styles.photo} />
      ) : null}
      <div className={styles.body}>
        <dl className={styles.facts}>
          <div>
            <dt>{t('selectedModel.age')}</dt>
            <dd>{bot.age}</dd>
          </div>
          {bodyType ? (
            <div>
              <dt>{t('selectedModel.bodyType')}</dt>
              <dd>{bodyType}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('selectedModel.sex')}</dt>
            <dd>{t(`selectedModel.sexes.${bot.sex}`)}</dd>
          </div>
        </dl>
        <p className={styles.bio}>{ru ? bot.desc.ru : bot.desc.en}</p>
        {hobbies.length ? (
          <ul className={styles.hobbies} aria-label={t('bots.hobbies')}>
            {hobbies.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        ) : null}
        <Button
          onClick={() => void openChat(bot._id)}
          disabled={openingBotId === bot._id}
          data-testid="selected-model-chat"
        >
          {action}
        </Button>
        <Link
          to={albumHref(bot.remote_id)}
          className={buttonClass('secondary', 'md')}
          data-testid="selected-model-album"
        >
          {t('album.profileEntry')}
        </Link>
      </div>
    </div>
  );
}
