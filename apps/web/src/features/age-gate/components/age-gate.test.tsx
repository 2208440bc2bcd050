import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgeGate } from './age-gate.tsx';

describe('AgeGate', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears only after 1.5 s, as a modal dialog', () => {
    render(<AgeGate />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1400);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    const dialog = screen.getByRole('dialog', { name: /18 or older/i });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: /yes/i })).toHaveFocus();
  });

  it('Yes sets the age_verified cookie and closes; it does not come back', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = render(<AgeGate />);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    await user.click(screen.getByRole('button', { name: /yes/i }));
    expect(document.cookie).toContain('age_verified=true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<AgeGate />);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('No shows the refusal texts and stays blocking', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<AgeGate />);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    await user.click(screen.getByRole('button', { name: /^no/i }));
    expect(screen.getByText('You must be at least an adult.')).toBeInTheDocument();
    expect(screen.getByText('Grow up and we are waiting for you.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(document.cookie).not.toContain('age_verified');
  });

  it('is not shown when the cookie is already set', () => {
    document.cookie = 'age_verified=true; Path=/';
    render(<AgeGate />);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
