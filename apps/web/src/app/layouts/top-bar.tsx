import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useAuthStore } from '../../features/auth/store.ts';
import { useUnreadCount } from '../../features/chats/hooks/use-chats.ts';
import { SupportButton } from '../../features/support/components/support-button.tsx';
import { LanguageSwitcher } from '../../features/user/components/language-switcher.tsx';
import { TokenBalance } from '../../features/wallet/components/token-balance.tsx';
import { searchWithPopup } from '../../lib/popup.ts';
import styles from './top-bar.module.css';

type NavItem = {
  to: string;
  label: string;
  end?: boolean;
  disabled?: boolean;
  badge?: number;
  testId: string;
};

/**
 * The top bar. It is memoised and reads no address (its links read theirs): it renders when what it
 * shows changes, not with the shell or each navigation (decisions 196, 199).
 */
export const TopBar = memo(function TopBar() {
  const { t } = useTranslation();
  // What the bar shows of the user, not the user: a new balance or name does not render the bar
  // (decision 196).
  const signedIn = useAuthStore((s) => s.user !== null);
  const banned = useAuthStore((s) => s.user?.banned.is ?? false);
  const status = useAuthStore((s) => s.status);
  const unread = useUnreadCount();

  const items: NavItem[] = [
    { to: '/', label: t('nav.models'), end: true, testId: 'nav-models' },
    { to: '/chat', label: t('nav.chats'), disabled: banned, badge: unread, testId: 'nav-chats' },
    { to: '/profile', label: t('nav.profile'), testId: 'nav-profile' },
    { to: '/wallet', label: t('nav.payment'), disabled: banned, testId: 'nav-payment' },
  ];

  return (
    <header className={styles.topbar}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label={t('nav.homeLink')}>
          <Logo />
        </Link>
        <nav className={styles.nav} aria-label={t('nav.main')}>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.to}>
                {item.disabled ? (
                  <span
                    className={`${styles.link} ${styles.disabled}`}
                    aria-disabled="true"
                    data-testid={item.testId}
                  >
                    {item.label}
                  </span>
                ) : (
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                    data-testid={item.testId}
                  >
                    {item.label}
                    {item.badge ? (
                      <>
                        <span className={styles.badge} aria-hidden="true">
                          {item.badge}
                        </span>
                        <span className="visually-hidden">{t('nav.unreadChats', { count: item.badge })}</span>
                      </>
                    ) : null}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.actions}>
          <SupportButton />
          {signedIn ? <TokenBalance /> : null}
          <LanguageSwitcher />
          {!signedIn && status === 'ready' ? <GuestActions /> : null}
        </div>
      </div>
    </header>
  );
});

/** Sign in and register: they open their popup over the page the guest is on. */
function GuestActions() {
  const { t } = useTranslation();
  const location = useLocation();
  const actions = [
    { popup: 'sign-in', variant: 'ghost', className: styles.signIn, label: t('auth.signIn') },
    { popup: 'sign-up', variant: 'primary', className: styles.signUp, label: t('auth.register') },
  ] as const;
  return actions.map((action) => (
    <Link
      key={action.popup}
      to={{ pathname: location.pathname, search: searchWithPopup(location.search, action.popup) }}
      className={buttonClass(action.variant, 'sm', false, action.className)}
      data-testid={`header-${action.popup}`}
    >
      {action.label}
    </Link>
  ));
}
