import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** SPEC §3 device store. Both start unknown; a setter sets a device and platform pair. */
export type Device = 'desktop' | 'mobile' | 'pwa' | 'unknown';
export type Platform = 'ios' | 'android' | 'telegram' | 'windows_phone' | 'web' | 'unknown';

type DeviceState = {
  device: Device;
  platform: Platform;
  setDevice: (device: Device, platform: Platform) => void;
};

export const useDeviceStore = create<DeviceState>()(
  persist(
    (set) => ({
      device: 'unknown',
      platform: 'unknown',
      setDevice: (device, platform) => set({ device, platform }),
    }),
    {
      name: 'amora.device',
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ device: s.device, platform: s.platform }),
    },
  ),
);

export type Environment = {
  userAgent: string;
  standalone: boolean;
  telegram: boolean;
  coarsePointer: boolean;
};

/** Which device and platform this page runs on. */
export function detectDevice(env: Environment): { device: Device; platform: Platform } {
  const ua = env.userAgent;
  const platform: Platform = env.telegram
    ? 'telegram'
    : /Windows Phone/i.test(ua)
      ? 'windows_phone'
      : /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/i.test(ua) && env.coarsePointer)
        ? 'ios'
        : /Android/i.test(ua)
          ? 'android'
          : 'web';
  const mobile = /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(ua) || platform === 'ios';
  const device: Device = env.standalone ? 'pwa' : mobile ? 'mobile' : 'desktop';
  return { device, platform };
}

export function currentEnvironment(): Environment {
  const matches = (q: string) => typeof window.matchMedia === 'function' && window.matchMedia(q).matches;
  return {
    userAgent: navigator.userAgent,
    standalone:
      matches('(display-mode: standalone)') ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    telegram: Boolean(window.Telegram?.WebApp?.initData),
    coarsePointer: matches('(pointer: coarse)'),
  };
}

/** The install icon is hidden inside the installed app and the Telegram mini app (SPEC §2). */
export function canOfferInstall(device: Device, platform: Platform): boolean {
  return device !== 'pwa' && platform !== 'telegram';
}
