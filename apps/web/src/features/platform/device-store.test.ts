import { describe, expect, it } from 'vitest';
import { canOfferInstall, detectDevice, useDeviceStore } from './device-store.ts';

const env = { userAgent: '', standalone: false, telegram: false, coarsePointer: false };

describe('device store', () => {
  it('starts unknown and persists under version 0', () => {
    expect(useDeviceStore.getState()).toMatchObject({ device: 'unknown', platform: 'unknown' });
    useDeviceStore.getState().setDevice('mobile', 'android');
    const saved = JSON.parse(localStorage.getItem('amora.device') ?? '{}');
    expect(saved).toEqual({ state: { device: 'mobile', platform: 'android' }, version: 0 });
  });

  it('detects phones, the installed app, Telegram and desktops', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36';
    expect(detectDevice({ ...env, userAgent: iphone })).toEqual({ device: 'mobile', platform: 'ios' });
    expect(detectDevice({ ...env, userAgent: android, standalone: true })).toEqual({
      device: 'pwa',
      platform: 'android',
    });
    expect(detectDevice({ ...env, userAgent: android, telegram: true })).toEqual({
      device: 'mobile',
      platform: 'telegram',
    });
    expect(detectDevice({ ...env, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140' })).toEqual({
      device: 'desktop',
      platform: 'web',
    });
  });

  it('offers installing only on the plain web', () => {
    expect(canOfferInstall('mobile', 'android')).toBe(true);
    expect(canOfferInstall('pwa', 'android')).toBe(false);
    expect(canOfferInstall('mobile', 'telegram')).toBe(false);
  });
});
