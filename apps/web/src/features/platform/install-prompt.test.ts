import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt, promptInstall, useInstallStore } from './install-prompt.ts';

function fakePrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
  };
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

describe('install prompt', () => {
  beforeEach(() => {
    listenForInstallPrompt();
    useInstallStore.setState({ deferred: null, installed: false });
  });

  it('is unavailable until the browser offers one', async () => {
    expect(await promptInstall()).toBe('unavailable');
  });

  it('keeps the offered prompt, shows it once, and remembers an accepted install', async () => {
    const event = fakePrompt('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(useInstallStore.getState().deferred).toBe(event);
    expect(await promptInstall()).toBe('accepted');
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(useInstallStore.getState()).toMatchObject({ deferred: null, installed: true });
    expect(await promptInstall()).toBe('unavailable');
  });

  it('a dismissed prompt does not count as installed', async () => {
    window.dispatchEvent(fakePrompt('dismissed'));
    expect(await promptInstall()).toBe('dismissed');
    expect(useInstallStore.getState().installed).toBe(false);
  });

  it('appinstalled drops the prompt', () => {
    window.dispatchEvent(fakePrompt('accepted'));
    window.dispatchEvent(new Event('appinstalled'));
    expect(useInstallStore.getState()).toMatchObject({ deferred: null, installed: true });
  });
});
