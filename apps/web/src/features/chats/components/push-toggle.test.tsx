import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PushState } from '../hooks/use-push-notifications.ts';
import { PushToggle } from './push-toggle.tsx';

let hook: { state: PushState; error: unknown };
vi.mock('../hooks/use-push-notifications.ts', () => ({
  usePushNotifications: () => ({ ...hook, enable: vi.fn(), disable: vi.fn() }),
}));

describe('PushToggle', () => {
  it('says turning on failed when the browser refused to subscribe', () => {
    hook = { state: 'off', error: new Error('push service unavailable') };
    render(<PushToggle />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not turn on notifications');
  });

  it('says turning off failed when notifications are still on', () => {
    hook = { state: 'on', error: new Error('unsubscribe failed') };
    render(<PushToggle />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not turn off notifications');
  });
});
