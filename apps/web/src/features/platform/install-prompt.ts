import { create } from 'zustand';

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = {
  /** The browser's deferred install prompt, once it has offered one. */
  deferred: InstallPromptEvent | null;
  installed: boolean;
};

export const useInstallStore = create<InstallState>()(() => ({ deferred: null, installed: false }));

let listening = false;

/** Keeps the browser's install prompt for the install icon (SPEC §2) instead of its own mini-infobar. */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallStore.setState({ deferred: event as InstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => {
    useInstallStore.setState({ deferred: null, installed: true });
  });
}

export type InstallOutcome = 'accepted' | 'dismissed' | 'unavailable';

/** Shows the browser's install prompt; 'unavailable' when the browser has not offered one (iOS, Firefox). */
export async function promptInstall(): Promise<InstallOutcome> {
  const { deferred } = useInstallStore.getState();
  if (!deferred) return 'unavailable';
  // A prompt can be shown once; the browser offers a new event if the user may be asked again.
  useInstallStore.setState({ deferred: null });
  await deferred.prompt();
  const { outcome } = await deferred.userChoice;
  if (outcome === 'accepted') useInstallStore.setState({ installed: true });
  return outcome;
}
