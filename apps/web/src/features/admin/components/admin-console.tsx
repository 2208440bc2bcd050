import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../lib/console-i18n.ts';
import { Link, Navigate, NavLink, Route, Routes, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthForm } from '../../auth/components/auth-form.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { startPlatform } from '../../platform/start-platform.ts';
import { LanguageSwitcher } from '../../user/components/language-switcher.tsx';
import { adminKeys, fetchInbox, INBOX_POLL_MS } from '../api/admin-api.ts';
import { OffersPanel } from './offers-panel.tsx';
import { ConversionAdminPanel } from '../../conversion/components/conversion-admin-panel.tsx';
import { PlatformPanel } from './platform-panel.tsx';
import { PromoPanel } from './promo-panel.tsx';
import { RegistrationPanel } from './registration-panel.tsx';
import { RelationshipPanel } from './relationship-panel.tsx';
import { CostsPanel } from './costs-panel.tsx';
import { FeedbackPanel } from './feedback-panel.tsx';
import { StudioPanel } from './studio-panel.tsx';
import { SupportInbox } from './support-inbox.tsx';
import { UsersPanel } from './users-panel.tsx';
import { SafetyPanel } from '../../safety/components/safety-panel.tsx';
import { RewardsAdminPanel } from '../../rewards/components/rewards-admin-panel.tsx';
import { AccountAdminPanel } from '../../account/components/account-admin-panel.tsx';
import { BlogAdminPanel } from '../../blog/components/blog-admin-panel.tsx';
import { KpiPanel } from '../../insights/components/kpi-panel.tsx';
import { AlbumsAdminPanel } from '../../albums/components/albums-admin-panel.tsx';
import styles from './admin.module.css';
import '../../../lib/pages-i18n.ts';

const sections = [
  { path: 'support', label: 'admin.nav.support' },
  { path: 'kpis', label: 'insights.nav' },
  { path: 'blog', label: 'blog.admin.nav' },
  { path: 'users', label: 'admin.nav.users' },
  { path: 'platform', label: 'admin.nav.platform' },
  { path: 'registration', label: 'admin.nav.registration' },
  { path: 'promo', label: 'admin.nav.promo' },
  { path: 'offers', label: 'admin.nav.offers' },
  { path: 'conversion', label: 'conversion.admin.nav' },
  { path: 'relationship', label: 'admin.nav.relationship' },
  { path: 'studio', label: 'admin.nav.studio' },
  { path: 'costs', label: 'admin.nav.costs' },
  { path: 'feedback', label: 'admin.nav.feedback' },
  { path: 'safety', label: 'safety.admin.nav' },
  { path: 'rewards', label: 'rewards.admin.nav' },
  { path: 'accounts', label: 'account.admin.nav' },
  { path: 'albums', label: 'album.admin.nav' },
] as const;

/**
 * `/admin/*`: the operator console (docs/decisions/021). Its own frame, outside the app shell, so
 * the maintenance screen an operator turns on does not cover the switch that turns it off. Only
 * accounts with the admin role get in: guests sign in right here (no onboarding detour), everyone
 * else sees no-access.
 */
export function AdminConsole() {
  const { t } = useTranslation();
  const status = useAuthStore((s) => s.status);
  const role = useAuthStore((s) => s.user?.role ?? null);
  // The Support tab counts the conversations waiting for an answer, kept fresh in every section.
  const inbox = useQuery({
    queryKey: adminKeys.inbox(),
    queryFn: ({ signal }) => fetchInbox(signal),
    refetchInterval: INBOX_POLL_MS,
    enabled: role === 'admin',
  });
  const waiting = (inbox.data ?? []).filter((c) => c.awaitingReply).length;

  useEffect(() => {
    void startPlatform();
  }, []);

  if (status === 'restoring') return <PageSpinner label={t('common.loading')} />;
  if (role === null) return <AdminSignIn />;
  if (role !== 'admin') return <Navigate to="/no-access" replace />;

  return (
    <div className={styles.console} data-testid="admin-console">
      <a href="#admin-main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerRow}>
          <Link to="/" className={styles.brand} aria-label={t('admin.backToApp')}>
            <Logo />
          </Link>
          <p className={styles.consoleName}>{t('admin.title')}</p>
          <div className={styles.headerEnd}>
            <LanguageSwitcher id="admin-language" />
            <Link to="/" className={buttonClass('ghost', 'sm')}>
              {t('admin.backToApp')}
            </Link>
          </div>
        </div>
        <nav aria-label={t('admin.nav.label')} className={styles.tabs}>
          <ul>
            {sections.map((s) => (
              <li key={s.path}>
                <NavLink
                  to={`/admin/${s.path}`}
                  className={({ isActive }) => `${styles.tab} ${isActive ? styles.tabActive : ''}`}
                  data-testid={`admin-nav-${s.path}`}
                >
                  {t(s.label)}
                  {s.path === 'support' && waiting > 0 ? (
                    <>
                      <span className={styles.tabBadge} aria-hidden="true" data-testid="admin-nav-waiting">
                        {waiting}
                      </span>
                      <span className="visually-hidden">
                        {t('admin.support.waiting', { count: waiting })}
                      </span>
                    </>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="admin-main" className={styles.main} tabIndex={-1}>
        <Routes>
          <Route index element={<Navigate to="support" replace />} />
          <Route path="support" element={<SupportInbox />} />
          <Route path="support/:chatId" element={<SupportInbox />} />
          <Route path="users" element={<UsersPanel />} />
          <Route path="platform" element={<PlatformPanel />} />
          <Route path="registration" element={<RegistrationPanel />} />
          <Route path="promo" element={<PromoPanel />} />
          <Route path="offers" element={<OffersPanel />} />
          <Route path="conversion" element={<ConversionAdminPanel />} />
          <Route path="relationship" element={<RelationshipPanel />} />
          <Route path="safety" element={<SafetyPanel />} />
          <Route path="rewards" element={<RewardsAdminPanel />} />
          <Route path="accounts" element={<AccountAdminPanel />} />
          <Route path="kpis" element={<KpiPanel />} />
          <Route path="blog" element={<BlogAdminPanel />} />
          <Route path="albums" element={<AlbumsAdminPanel />} />
          <Route path="studio" element={<StudioPanel />} />
          <Route path="studio/:botId" element={<StudioPanel />} />
          <Route path="costs" element={<CostsPanel />} />
          <Route path="feedback" element={<FeedbackPanel />} />
          <Route path="*" element={<Navigate to="/admin/support" replace />} />
        </Routes>
      </main>
      <Toaster />
    </div>
  );
}

/** The console's own sign-in: an operator lands in the console, not in the app's onboarding. */
function AdminSignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('admin.title'));
  return (
    <main className={styles.signIn} data-testid="admin-sign-in">
      <div className={styles.signInCard}>
        <Logo />
        <h1 className={styles.sectionTitle}>{t('admin.title')}</h1>
        <p className={styles.muted}>{t('admin.signInText')}</p>
        <AuthForm
          mode="sign-in"
          onModeChange={(mode) => {
            if (mode === 'sign-up') void navigate('/?popup=sign-up');
          }}
          onSuccess={() => undefined}
        />
      </div>
    </main>
  );
}
