import { restoreSession } from '../auth/session.ts';
import { applyTelegramTheme, loadTelegram, signInWithTelegram } from '../telegram/telegram.ts';
import { currentEnvironment, detectDevice, useDeviceStore } from './device-store.ts';

let started: Promise<void> | null = null;

/**
 * On load: tell the device store where we run; inside Telegram sign in with its launch data first,
 * then restore any session from the refresh cookie.
 */
export function startPlatform(): Promise<void> {
  started ??= (async () => {
    const app = await loadTelegram().catch(() => null);
    const { device, platform } = detectDevice({ ...currentEnvironment(), telegram: Boolean(app) });
    useDeviceStore.getState().setDevice(device, platform);
    if (app) {
      app.ready();
      app.expand();
      applyTelegramTheme(app);
      await signInWithTelegram(app);
    }
    await restoreSession();
  })();
  return started;
}
