import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ChatIcon, HomeIcon, InstallIcon, UserIcon, WalletIcon } from '../../components/ui/icons.tsx';
import { showToast } from '../../components/ui/toast-store.ts';
import { useAuthStore } from '../../features/auth/store.ts';
import { useUnreadCount } from '../../features/chats/hooks/use-chats.ts';
import { canOfferInstall, useDeviceStore } from '../../features/platform/device-store.ts';
import { promptInstall, useInstallStore } from '../../features/platform/install-prompt.ts';
import styles from './bottom-nav.module.css';

type Item = {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  badge?: number;
  disabled?: boolean;
  testId: string;
};

/** Phone navigation (< 768 px), hidden inside a conversation. Memoised like the top bar (decision 199). */
export const BottomNav = memo(function BottomNav() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const banned = useAuthStore((s) => s.user?.banned.is ?? false);
  const device = useDeviceStore((s) => s.device);
  const platform = useDeviceStore((s) => s.platform);
  const installed = useInstallStore((s) => s.installed);
  const showInstall = canOfferInstall(device, platform) && !installed;
  const install = async () => {
    // The browser's own prompt where it offers one; otherwise how to add the app by hand.
    const outcome = await promptInstall();
    if (outcome === 'unavailable')
      showToast(t(platform === 'ios' ? 'install.ios' : 'install.manual'), 'info');
  };
  const items: Item[] = [
    { to: '/', label: t('nav.home'), icon: <HomeIcon size={22} />, end: true, testId: 'bottom-nav-home' },
    {
      to: '/chat',
      label: t('nav.chats'),
      icon: <ChatIcon size={22} />,
      badge: unread,
      disabled: banned,
      testId: 'bottom-nav-chats',
    },
    { to: '/profile', label: t('nav.profile'), icon: <UserIcon size={22} />, testId: 'bottom-nav-profile' },
    {
      to: '/wallet',
      label: t('nav.wallet'),
      icon: <WalletIcon size={22} />,
      disabled: banned,
      testId: 'bottom-nav-wallet',
    },
  ];
  return (
    <nav className={styles.bottom} aria-label={t('nav.mobile')}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.to} className={styles.cell}>
            {item.disabled ? (
              <span
                className={`${styles.item} ${styles.disabled}`}
                aria-disabled="true"
                data-testid={item.testId}
              >
                {item.icon}
                <span className={styles.label}>{item.label}</span>
              </span>
            ) : (
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
                data-testid={item.testId}
              >
                <span className={styles.iconWrap}>
                  {item.icon}
                  {item.badge ? (
                    <span className={styles.badge} aria-hidden="true" data-testid="unread-badge">
                      {item.badge}
                    </span>
                  ) : null}
                </span>
                <span className={styles.label}>{item.label}</span>
                {item.badge ? (
                  <span className="visually-hidden">{t('nav.unreadChats', { count: item.badge })}</span>
                ) : null}
              </NavLink>
            )}
          </li>
        ))}
        {showInstall ? (
          <li className={styles.cell}>
            <button
              type="button"
              className={`${styles.item} ${styles.button}`}
              onClick={() => void install()}
              data-testid="bottom-nav-install"
            >
              <InstallIcon size={22} />
              <span className={styles.label}>{t('install.label')}</span>
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
});
