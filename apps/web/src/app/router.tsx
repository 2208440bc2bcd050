import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { HomePage } from '../features/bots/components/home-page.tsx';
import { AppShell } from './layouts/app-shell.tsx';
import { RequireAuth } from './layouts/require-auth.tsx';
import { RequireNotBanned } from './layouts/require-not-banned.tsx';
import { RouteError } from './route-error.tsx';

const AuthPage = lazy(() =>
  import('../features/auth/components/auth-page.tsx').then((m) => ({ default: m.AuthPage })),
);
const RecoveryPage = lazy(() =>
  import('../features/auth/components/recovery-page.tsx').then((m) => ({ default: m.RecoveryPage })),
);
const OnboardingPage = lazy(() =>
  import('../features/onboarding/components/onboarding-page.tsx').then((m) => ({
    default: m.OnboardingPage,
  })),
);
const ChatsPage = lazy(() =>
  import('../features/chats/components/chats-page.tsx').then((m) => ({ default: m.ChatsPage })),
);
const ProfilePage = lazy(() =>
  import('../features/user/components/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);
const WalletPage = lazy(() =>
  import('../features/wallet/components/wallet-page.tsx').then((m) => ({ default: m.WalletPage })),
);
const EarnTokensPage = lazy(() =>
  import('../features/rewards/components/earn-tokens-page.tsx').then((m) => ({ default: m.EarnTokensPage })),
);
const PaywallPage = lazy(() =>
  import('../features/paywall/components/paywall-page.tsx').then((m) => ({ default: m.PaywallPage })),
);
const ChatInfoPage = lazy(() =>
  import('../features/chat-info/components/chat-info-page.tsx').then((m) => ({ default: m.ChatInfoPage })),
);
const ChatFeedbackPage = lazy(() =>
  import('../features/chat-info/components/chat-feedback-page.tsx').then((m) => ({
    default: m.ChatFeedbackPage,
  })),
);
const FaqPage = lazy(() =>
  import('../features/faq/components/faq-page.tsx').then((m) => ({ default: m.FaqPage })),
);
const TasksPage = lazy(() =>
  import('../features/faq/components/tasks-page.tsx').then((m) => ({ default: m.TasksPage })),
);
const SetTokensPage = lazy(() =>
  import('../features/registration/components/set-tokens-page.tsx').then((m) => ({
    default: m.SetTokensPage,
  })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/account/components/verify-email-page.tsx').then((m) => ({
    default: m.VerifyEmailPage,
  })),
);
const LegalPage = lazy(() =>
  import('../features/account/components/legal-page.tsx').then((m) => ({ default: m.LegalPage })),
);
const ReceiptPage = lazy(() =>
  import('../features/account/components/receipt-page.tsx').then((m) => ({ default: m.ReceiptPage })),
);
const AlbumPage = lazy(() =>
  import('../features/albums/components/album-page.tsx').then((m) => ({ default: m.AlbumPage })),
);
const AlbumCategoryPage = lazy(() =>
  import('../features/albums/components/album-category-page.tsx').then((m) => ({
    default: m.AlbumCategoryPage,
  })),
);
const NoAccessPage = lazy(() => import('./no-access-page.tsx').then((m) => ({ default: m.NoAccessPage })));
const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));
const BlogPage = lazy(() =>
  import('../features/blog/components/blog-page.tsx').then((m) => ({ default: m.BlogPage })),
);
const BlogPostPage = lazy(() =>
  import('../features/blog/components/blog-post-page.tsx').then((m) => ({ default: m.BlogPostPage })),
);
const PartnerPage = lazy(() =>
  import('../features/insights/components/partner-page.tsx').then((m) => ({ default: m.PartnerPage })),
);
/** The operator console: its own frame and chunk, outside the app shell (docs/decisions/021). */
const AdminConsole = lazy(() =>
  import('../features/admin/components/admin-console.tsx').then((m) => ({ default: m.AdminConsole })),
);

/** SPEC §2 gives /chats/:id as a second spelling of the chat route. */
function ChatAlias() {
  const { id = '' } = useParams();
  return <Navigate to={`/chat/${encodeURIComponent(id)}`} replace />;
}

export const router = createBrowserRouter([
  {
    path: 'admin/*',
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={null}>
        <AdminConsole />
      </Suspense>
    ),
  },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'auth/signin', element: <AuthPage mode="sign-in" /> },
      { path: 'auth/signup', element: <AuthPage mode="sign-up" /> },
      { path: 'auth/recovery', element: <RecoveryPage /> },
      { path: 'set-tokens', element: <SetTokensPage /> },
      { path: 'account/verify', element: <VerifyEmailPage /> },
      { path: 'legal/terms', element: <LegalPage doc="terms" /> },
      { path: 'legal/privacy', element: <LegalPage doc="privacy" /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'onboarding', element: <Navigate to="/onboarding/welcome" replace /> },
          { path: 'onboarding/:step', element: <OnboardingPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'profile/tasks', element: <TasksPage /> },
          { path: 'receipts/:id', element: <ReceiptPage /> },
          { path: 'partner', element: <PartnerPage /> },
          { path: 'album', element: <AlbumPage /> },
          {
            // SPEC §6: banned users cannot open chats or payment.
            element: <RequireNotBanned />,
            children: [
              { path: 'chat', element: <ChatsPage /> },
              { path: 'chat/:id', element: <ChatsPage /> },
              { path: 'chat/:id/info', element: <ChatInfoPage /> },
              { path: 'chat/:id/feedback', element: <ChatFeedbackPage /> },
              { path: 'chats', element: <Navigate to="/chat" replace /> },
              { path: 'chats/:id', element: <ChatAlias /> },
              { path: 'wallet', element: <WalletPage /> },
              { path: 'wallet/earnTokens', element: <EarnTokensPage /> },
              { path: 'paywall', element: <PaywallPage /> },
              { path: 'paywall/:step', element: <PaywallPage /> },
            ],
          },
        ],
      },
      { path: 'profile/faq', element: <FaqPage /> },
      { path: 'blog', element: <BlogPage /> },
      { path: 'blog/:slug', element: <BlogPostPage /> },
      // Guests see her categories; their clicks open sign-in (SPEC §6).
      { path: 'album/:id', element: <AlbumCategoryPage /> },
      { path: 'no-access', element: <NoAccessPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
