import type { Bot } from '@amora/shared/bots.ts';
import { mainPhoto } from '@amora/shared/rules.ts';
import { NEW_USER_TOKENS } from '@amora/shared/constants.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ChatIcon } from '../../../components/ui/icons.tsx';
import { artSrcSet, HERO_ART_MEDIA, HERO_ART_SIZES } from '../../../lib/art.ts';
import { usePopup } from '../../../lib/popup.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { hadSession } from '../../../lib/session-hint.ts';
import { useAuthStore } from '../../auth/store.ts';
import { useChats } from '../../chats/hooks/use-chats.ts';
import styles from './hero.module.css';

/** Guests: the sign-up banner. Signed in: continue the latest conversation, or a greeting. */
export function Hero({ bots }: { bots: Bot[] }) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  const { open } = usePopup();
  const { data: chats } = useChats();
  // The collage shows from 860 px up: phones never download its portraits.
  const wide = useMediaQuery(HERO_ART_MEDIA);

  // A browser that never had a session gets the guest banner at once (no layout shift, issue 13).
  if (status === 'restoring' && hadSession())
    return <div className={styles.placeholder} aria-hidden="true" />;

  if (!user) {
    const faces = bots.slice(0, 3);
    return (
      <section className={styles.hero} aria-labelledby="hero-title" data-testid="hero-guest">
        <div className={styles.copy}>
          <p className={styles.eyebrow}>{t('home.hero.eyebrow')}</p>
          <h1 id="hero-title" className={styles.title}>
            {t('home.hero.title')}
          </h1>
          <p className={styles.text}>{t('home.hero.text')}</p>
          <div className={styles.actions}>
            <Button size="lg" onClick={() => open('sign-up')} data-testid="hero-sign-up">
              {t('home.hero.signUp')}
            </Button>
            <Button size="lg" variant="secondary" onClick={() => open('sign-in')}>
              {t('auth.signIn')}
            </Button>
          </div>
          <p className={styles.fine}>{t('home.hero.fine', { tokens: NEW_USER_TOKENS })}</p>
        </div>
        {wide && faces.length ? (
          <div className={styles.collage} aria-hidden="true">
            {faces.map((bot, index) => {
              const photo = mainPhoto(bot);
              return photo ? (
                <img
                  key={bot._id}
                  src={photo}
                  srcSet={artSrcSet(photo)}
                  sizes={HERO_ART_SIZES}
                  alt=""
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  className={styles[`face${index}`]}
                />
              ) : null;
            })}
          </div>
        ) : null}
      </section>
    );
  }

  const latest = chats?.find((chat) => chat.bot.remote_id !== 0);
  if (latest) {
    return (
      <section
        className={`${styles.hero} ${styles.compact}`}
        aria-labelledby="hero-title"
        data-testid="continue-chat"
      >
        <Avatar src={latest.bot.avatar ?? mainPhoto(latest.bot)} name={latest.bot.name} size={64} online />
        <div className={styles.continueCopy}>
          <h1 id="hero-title" className={`${styles.continueTitle} display-font`}>
            {t('home.continue.title', { name: latest.bot.name })}
          </h1>
          <p className={styles.preview}>{latest.lastMessage?.message ?? t('home.continue.empty')}</p>
        </div>
        <Link
          to={`/chat/${latest._id}`}
          className={buttonClass('primary', 'md', false, styles.continueButton)}
        >
          <ChatIcon size={18} />
          {t('home.continue.button')}
        </Link>
      </section>
    );
  }

  return (
    <section className={`${styles.hero} ${styles.compact}`} aria-labelledby="hero-title">
      <div className={styles.continueCopy}>
        <h1 id="hero-title" className={`${styles.continueTitle} display-font`}>
          {user.name ? t('home.greeting.named', { name: user.name }) : t('home.greeting.anonymous')}
        </h1>
        <p className={styles.preview}>{t('home.greeting.text')}</p>
      </div>
    </section>
  );
}
