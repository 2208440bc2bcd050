import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore } from '../auth/store.ts';
import { telegramWebApp } from './telegram.ts';

/**
 * Inside Telegram: the native back button mirrors in-app navigation, and users without name, age
 * or sex finish onboarding before their first chat (SPEC §5).
 */
export function useTelegramShell(): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const app = telegramWebApp();

  useEffect(() => {
    if (!app) return;
    if (pathname === '/') {
      app.BackButton.hide();
      return;
    }
    const back = () => void navigate(-1);
    app.BackButton.show();
    app.BackButton.onClick(back);
    return () => app.BackButton.offClick(back);
  }, [app, pathname, navigate]);

  useEffect(() => {
    if (!app || !user || user.onboarded) return;
    if (pathname.startsWith('/chat')) void navigate('/onboarding/welcome', { replace: true });
  }, [app, user, pathname, navigate]);
}
