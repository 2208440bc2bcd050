import type { TwaBody } from '@amora/shared/platform.ts';
import { api } from '../../lib/api-client.ts';
import { fetchUser } from '../auth/api/auth-api.ts';
import { startSession } from '../auth/session.ts';
import { useAuthStore } from '../auth/store.ts';

const SCRIPT_URL = 'https://telegram.org/js/telegram-web-app.js';

export function telegramWebApp(): TelegramWebApp | null {
  const app = typeof window === 'undefined' ? undefined : window.Telegram?.WebApp;
  return app && app.initData ? app : null;
}

/** Telegram opens mini apps with `#tgWebAppData=...` in the URL. */
function launchedFromTelegram(): boolean {
  return typeof window !== 'undefined' && window.location.hash.includes('tgWebAppData');
}

/** Loads telegram-web-app.js only inside Telegram; resolves to the WebApp object or null. */
export async function loadTelegram(): Promise<TelegramWebApp | null> {
  const ready = telegramWebApp();
  if (ready || !launchedFromTelegram()) return ready;
  await new Promise<void>((resolve) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => resolve();
    document.head.appendChild(script);
  });
  return telegramWebApp();
}

/** `POST /api/auth/twa` with the launch data; a failure is ignored (SPEC §8) and the user stays a guest. */
export async function signInWithTelegram(app: TelegramWebApp): Promise<boolean> {
  try {
    const body: TwaBody = { initData: app.initData };
    const { token } = await api.post<{ token: { token: string } }>('/auth/twa', body, {
      skipAuthRetry: true,
    });
    startSession({ accessToken: token.token, user: (await fetchUserWith(token.token)).user });
    void api
      .post('/events/tma-log', {
        userId: app.initDataUnsafe.user ? String(app.initDataUnsafe.user.id) : null,
        username: app.initDataUnsafe.user?.username ?? null,
        start_param: app.initDataUnsafe.start_param ?? null,
        platform: app.platform,
        timestamp: Date.now(),
      })
      .catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

async function fetchUserWith(token: string) {
  useAuthStore.getState().setAccessToken(token);
  return fetchUser();
}

/** Telegram's colours become the app's surface and accent colours. */
export function applyTelegramTheme(app: TelegramWebApp): void {
  const p = app.themeParams;
  const root = document.documentElement;
  root.dataset.platform = 'telegram';
  const map: [keyof TelegramThemeParams, string][] = [
    ['bg_color', '--bg'],
    ['secondary_bg_color', '--surface'],
    ['text_color', '--text'],
    ['hint_color', '--text-muted'],
    ['button_color', '--accent'],
  ];
  for (const [param, variable] of map) {
    const value = p[param];
    if (value && /^#[0-9a-f]{3,8}$/i.test(value)) root.style.setProperty(variable, value);
  }
}
