import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isExitMouseOut, useExitIntent } from './use-exit-intent.ts';

function Probe({ enabled, onExit }: { enabled: boolean; onExit: () => void }) {
  useExitIntent(enabled, onExit);
  return null;
}

const setVisibility = (state: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('exit intent (the leave offer)', () => {
  it('is the pointer leaving through the top edge, not to another element or another side', () => {
    expect(isExitMouseOut({ clientY: -2, relatedTarget: null })).toBe(true);
    expect(isExitMouseOut({ clientY: 0, relatedTarget: null })).toBe(true);
    expect(isExitMouseOut({ clientY: 300, relatedTarget: null })).toBe(false);
    expect(isExitMouseOut({ clientY: -2, relatedTarget: document.body })).toBe(false);
  });

  it('fires once on desktop when the pointer leaves through the top', () => {
    const onExit = vi.fn();
    render(<Probe enabled onExit={onExit} />);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 200, bubbles: true }));
    expect(onExit).not.toHaveBeenCalled();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true }));
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1, bubbles: true }));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('on phones: the first Back stays on the page (a pushed entry) and fires', () => {
    window.history.replaceState(null, '');
    const onExit = vi.fn();
    const before = window.history.length;
    render(<Probe enabled onExit={onExit} />);
    expect(window.history.length).toBe(before + 1);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('fires when the visitor comes back after the page was hidden (app switcher)', () => {
    const onExit = vi.fn();
    render(<Probe enabled onExit={onExit} />);
    setVisibility('visible');
    expect(onExit).not.toHaveBeenCalled();
    setVisibility('hidden');
    expect(onExit).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(onExit).toHaveBeenCalledTimes(1);
  });

  it('arms nothing while disabled', () => {
    const onExit = vi.fn();
    render(<Probe enabled={false} onExit={onExit} />);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: -1 }));
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(onExit).not.toHaveBeenCalled();
  });
});
