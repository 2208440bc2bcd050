import { asLevel, mainPhoto } from '@amora/shared/rules.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon } from '../../../components/ui/icons.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChatAccountActions } from '../../account/components/chat-account-actions.tsx';
import { fetchChatPage } from '../../chats/api/chats-api.ts';
import { useGallery } from '../../media/hooks/use-protected-url.ts';
import styles from './chat-info-page.module.css';

/** `/chat/:id/info`: the character's profile — photos, bio in the user's language, hobbies, level. */
export function ChatInfoPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['chat-info', id],
    queryFn: ({ signal }) => fetchChatPage(id, undefined, signal),
    retry: false,
  });
  const chat = query.data?.data;
  // Her photos at the user's level with her (signed, refreshed before they expire); her public art until then.
  const gallery = useGallery(chat?.bot._id);
  useDocumentTitle(chat ? t('shell.chatInfo.title', { name: chat.bot.name }) : t('shell.chatInfo.loading'));

  if (query.isPending) return <PageSpinner label={t('common.loading')} />;
  if (!chat) {
    return (
      <div className={styles.page}>
        <h1 className={styles.name}>{t('chat.notFoundTitle')}</h1>
        <p role="alert">{errorMessage(query.error, t)}</p>
        <Link to="/chat">{t('chat.backToChats')}</Link>
      </div>
    );
  }
  const bot = chat.bot;
  const ru = i18n.language === 'ru';
  const level = asLevel(chat.level);
  const hobbies = ru && bot.hobbies_ru.length ? bot.hobbies_ru : bot.hobbies;
  const main = mainPhoto(bot);
  const photos =
    gallery.data?.photos ??
    [main, ...bot.photos.filter((p) => p !== main)].filter((p): p is string => Boolean(p));

  return (
    <div className={styles.page} data-testid="chat-info">
      <div className={styles.top}>
        <Link
          to={`/chat/${encodeURIComponent(id)}`}
          className={styles.back}
          aria-label={t('shell.chatInfo.back', { name: bot.name })}
        >
          <ArrowLeftIcon size={22} />
        </Link>
        <h1 className={`${styles.name} display-font`}>
          {bot.name}, {bot.age}
        </h1>
      </div>
      <ul className={styles.photos} aria-label={t('shell.chatInfo.photos')}>
        {photos.map((src, i) => (
          <li key={src}>
            <img
              src={src}
              alt={t('shell.chatInfo.photoAlt', { name: bot.name, n: i + 1 })}
              className={styles.photo}
              loading={i ? 'lazy' : 'eager'}
              onError={() => {
                // An expired link: ask for fresh ones (refetch is deduplicated).
                if (gallery.data && !gallery.isFetching) void gallery.refetch();
              }}
            />
          </li>
        ))}
      </ul>
      <section className={styles.card}>
        <h2 className={styles.heading}>{t('shell.chatInfo.about')}</h2>
        <p className={styles.bio} data-testid="chat-info-bio">
          {ru ? bot.desc.ru : bot.desc.en}
        </p>
      </section>
      <section className={styles.card}>
        <h2 className={styles.heading}>{t('bots.hobbies')}</h2>
        <ul className={styles.tags}>
          {hobbies.map((h) => (
            <li key={h} className={styles.tag}>
              {h}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card}>
        <h2 className={styles.heading}>{t('shell.chatInfo.relationship')}</h2>
        <p data-testid="chat-info-level">
          {t('chat.level.label', { level, title: t(`chat.level.titles.${level}`) })}
        </p>
      </section>
      <Link
        to={`/chat/${encodeURIComponent(id)}/feedback`}
        className={styles.feedback}
        data-testid="chat-info-feedback"
      >
        {t('shell.feedback.link')}
      </Link>
      {bot.remote_id !== 0 ? <ChatAccountActions chatId={id} botId={bot._id} /> : null}
    </div>
  );
}
