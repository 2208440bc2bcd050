import { formatTokens } from '@amora/shared/rules.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronRightIcon, CoinIcon, LogoutIcon } from '../../../components/ui/icons.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LinkedProviders } from '../../auth/components/linked-providers.tsx';
import { signOut } from '../../auth/session.ts';
import { AccountSection } from '../../account/components/account-section.tsx';
import { LeaveAccountDialog } from '../../profile/components/leave-account-dialog.tsx';
import { EditProfileDialog } from '../../profile/components/edit-profile-dialog.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import styles from './profile-page.module.css';

function countryName(code: string | null, language: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** `/profile`: who you are, your balance, the interface language, and sign out. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const [leaving, setLeaving] = useState(false);
  const [dialog, setDialog] = useState<'edit' | 'pause' | 'delete' | null>(null);
  useDocumentTitle(t('titles.profile'));
  if (!user) return null;

  const logout = async () => {
    setLeaving(true);
    await signOut();
    void navigate('/', { replace: true });
  };

  const displayName = user.name ?? t('profile.noName');
  const rows: { label: string; value: string | null; testId: string }[] = [
    { label: t('profile.email'), value: user.email, testId: 'profile-email' },
    { label: t('profile.age'), value: user.age ? String(user.age) : null, testId: 'profile-age' },
    {
      label: t('profile.sex'),
      value: user.sex ? t(`onboarding.sex.${user.sex}`) : null,
      testId: 'profile-sex',
    },
    {
      label: t('profile.country'),
      value: countryName(user.country, i18n.language),
      testId: 'profile-country',
    },
    {
      label: t('profile.preferences.title'),
      value: user.preferences.length
        ? user.preferences.map((p) => t(`profile.preferences.values.${p}`)).join(', ')
        : null,
      testId: 'profile-preferences',
    },
  ];

  return (
    <div className={styles.page}>
      <section className={styles.identity} aria-labelledby="profile-name">
        {/* Without a name, the email's initial (not the first letter of "Your profile"). */}
        <Avatar src={null} name={user.name ?? user.email} size={88} />
        <div>
          <h1 id="profile-name" className={`${styles.name} display-font`} data-testid="profile-name">
            {displayName}
          </h1>
          <p className={styles.email}>{user.email}</p>
          {!user.onboarded ? (
            <Link to="/onboarding/welcome" className={styles.complete}>
              {t('profile.complete')}
              <ChevronRightIcon size={16} />
            </Link>
          ) : null}
        </div>
      </section>

      <div className={styles.grid}>
        <Link to="/wallet" className={styles.balance} data-testid="profile-balance">
          <span className={styles.balanceLabel}>{t('profile.balance')}</span>
          <span className={styles.balanceValue}>
            <CoinIcon size={28} />
            {formatTokens(user.tokens)}
          </span>
          <span className={styles.balanceLink}>
            {t('profile.openWallet')}
            <ChevronRightIcon size={16} />
          </span>
        </Link>

        <section className={styles.card} aria-labelledby="profile-details">
          <h2 id="profile-details" className={styles.cardTitle}>
            {t('profile.details')}
          </h2>
          <dl className={styles.rows}>
            {rows.map((row) => (
              <div key={row.testId} className={styles.row}>
                <dt>{row.label}</dt>
                <dd data-testid={row.testId}>
                  {row.value ?? <span className={styles.muted}>{t('profile.notSet')}</span>}
                </dd>
              </div>
            ))}
          </dl>
          <LinkedProviders />
          <Button variant="secondary" block onClick={() => setDialog('edit')} data-testid="edit-profile">
            {t('shell.profile.edit')}
          </Button>
        </section>

        <section className={styles.card} aria-labelledby="profile-settings">
          <h2 id="profile-settings" className={styles.cardTitle}>
            {t('profile.settings')}
          </h2>
          <div className={styles.row}>
            <span>{t('profile.language')}</span>
            <LanguageSwitcher id="profile-language" />
          </div>
          <Button
            variant="danger"
            block
            icon={<LogoutIcon size={18} />}
            onClick={() => void logout()}
            loading={leaving}
            className={styles.logout}
            data-testid="logout"
          >
            {t('profile.logout')}
          </Button>
        </section>

        <AccountSection />

        <nav className={styles.card} aria-label={t('shell.profile.more')}>
          <Link to="/profile/faq" className={styles.row} data-testid="profile-faq">
            <span>{t('shell.titles.faq')}</span>
            <ChevronRightIcon size={16} />
          </Link>
          <Link to="/profile/tasks" className={styles.row} data-testid="profile-tasks">
            <span>{t('shell.titles.tasks')}</span>
            <ChevronRightIcon size={16} />
          </Link>
          {user.role === 'partner' ? (
            <Link to="/partner" className={styles.row} data-testid="profile-partner">
              <span>{t('shell.profile.partnerStats')}</span>
              <ChevronRightIcon size={16} />
            </Link>
          ) : null}
          {user.role === 'admin' ? (
            <Link to="/admin" className={styles.row} data-testid="profile-admin">
              <span>{t('shell.profile.operatorConsole')}</span>
              <ChevronRightIcon size={16} />
            </Link>
          ) : null}
          <Button variant="ghost" block onClick={() => setDialog('pause')} data-testid="pause-account">
            {t('shell.profile.pause')}
          </Button>
          <Button variant="ghost" block onClick={() => setDialog('delete')} data-testid="delete-account">
            {t('shell.profile.delete')}
          </Button>
        </nav>
      </div>
      {dialog === 'edit' ? <EditProfileDialog open onClose={() => setDialog(null)} /> : null}
      <LeaveAccountDialog action="pause" open={dialog === 'pause'} onClose={() => setDialog(null)} />
      <LeaveAccountDialog action="delete" open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </div>
  );
}
