import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatInput } from './chat-input.tsx';

function setup(props: Partial<Parameters<typeof ChatInput>[0]> = {}) {
  const onSend = vi.fn<(text: string) => Promise<boolean>>().mockResolvedValue(true);
  const onNoTokens = vi.fn();
  render(<ChatInput tokens={100} locked={false} onSend={onSend} onNoTokens={onNoTokens} {...props} />);
  return {
    onSend: (props.onSend as typeof onSend | undefined) ?? onSend,
    onNoTokens,
    input: screen.getByRole('textbox', { name: /message/i }),
    button: screen.getByRole('button', { name: /send/i }),
    user: userEvent.setup(),
  };
}

describe('ChatInput', () => {
  it('sends on Enter and clears; Shift+Enter makes a new line', async () => {
    const { input, onSend, user } = setup();
    await user.type(input, 'hello{Shift>}{Enter}{/Shift}there');
    expect(input).toHaveValue('hello\nthere');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello\nthere');
    expect(input).toHaveValue('');
  });

  it('does not send an empty message', async () => {
    const { input, onSend, button, user } = setup();
    expect(button).toBeDisabled();
    await user.type(input, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send a message of only zero-width or direction characters (empty after normalisation)', async () => {
    const { input, onSend, button, user } = setup();
    await user.click(input);
    await user.paste('\u200B\u200B \u2060\u202E\uFEFF');
    expect(button).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.paste('hi');
    expect(button).toBeEnabled();
  });

  it('gives the text back when the message was not accepted', async () => {
    const onSend = vi.fn<(text: string) => Promise<boolean>>().mockResolvedValue(false);
    const { input, user } = setup({ onSend });
    await user.type(input, 'keep me{Enter}');
    expect(onSend).toHaveBeenCalledWith('keep me');
    expect(input).toHaveValue('keep me');
  });

  it('stops at 160 characters and shows a counter near the limit', async () => {
    const { input, user } = setup();
    await user.click(input);
    await user.paste('a'.repeat(130));
    expect(screen.queryByTestId('char-counter')).not.toBeInTheDocument();
    await user.paste('b'.repeat(50));
    expect((input as HTMLTextAreaElement).value).toHaveLength(160);
    expect(screen.getByTestId('char-counter')).toHaveTextContent('160/160');
  });

  it('grows from 1 to 6 rows (36 px + 24 px per row)', async () => {
    const { input, user } = setup();
    expect(input.style.height).toBe('36px');
    await user.type(input, 'a{Shift>}{Enter}{/Shift}b{Shift>}{Enter}{/Shift}c');
    expect(input.style.height).toBe('84px');
    expect(input).toHaveAttribute('data-rows', '3');
    await user.type(input, '{Shift>}{Enter}{Enter}{Enter}{Enter}{Enter}{/Shift}');
    expect(input.style.height).toBe('156px');
    expect(input).toHaveAttribute('data-rows', '6');
  });

  it('is disabled while locked (waiting for her reply)', async () => {
    const { input, button, onSend, user } = setup({ locked: true });
    await user.type(input, 'hi{Enter}');
    expect(button).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('hi');
  });

  it('says who it waits for while locked', () => {
    setup({ locked: true });
    expect(screen.getByRole('textbox')).toHaveAttribute('placeholder', 'Waiting for her reply…');
  });

  it('the support chat waits for the team, not for her', () => {
    setup({ locked: true, waitingText: 'Waiting for the support team…' });
    expect(screen.getByRole('textbox')).toHaveAttribute('placeholder', 'Waiting for the support team…');
  });

  it('with no tokens is disabled and a click opens the no-tokens popup', async () => {
    const { input, button, onNoTokens, user } = setup({ tokens: 0 });
    expect(button).toBeDisabled();
    expect(input).toHaveAttribute('aria-disabled', 'true');
    await user.click(input);
    expect(onNoTokens).toHaveBeenCalled();
  });

  it('turns the send button red at 20 tokens or fewer', () => {
    const { button } = setup({ tokens: 20 });
    expect(button).toHaveAttribute('data-low', 'true');
  });

  it('keeps the send button normal above 20 tokens', () => {
    const { button } = setup({ tokens: 21 });
    expect(button).not.toHaveAttribute('data-low');
  });

  it('the support chat (free) stays open at 0 tokens and sends', async () => {
    const { input, button, onSend, onNoTokens, user } = setup({ tokens: 0, free: true });
    expect(input).not.toHaveAttribute('aria-disabled');
    expect(input).toHaveAttribute('placeholder', 'Write a message…');
    await user.type(input, 'help please');
    expect(button).toBeEnabled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('help please');
    expect(onNoTokens).not.toHaveBeenCalled();
  });

  it('shrinks back to one row when lines are removed and after sending', async () => {
    const { input, user } = setup();
    await user.type(input, 'a{Shift>}{Enter}{/Shift}b{Shift>}{Enter}{/Shift}c');
    expect(input.style.height).toBe('84px');
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(input.style.height).toBe('36px');
    await user.type(input, '{Shift>}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{Enter}{/Shift}x');
    expect(input.style.height).toBe('156px');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('');
    expect(input.style.height).toBe('36px');
  });

  it('takes the focus back when it goes nowhere, but not from another control', async () => {
    const { input, user } = setup();
    await user.click(input);
    expect(input).toHaveFocus();
    input.blur();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(input).toHaveFocus();
    const other = document.createElement('button');
    other.textContent = 'other';
    document.body.append(other);
    await user.click(other);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(other).toHaveFocus();
    other.remove();
  });

  it('takes the focus back from a focusable container the click landed in (main tabindex=-1)', async () => {
    const { input, user } = setup();
    await user.click(input);
    const main = document.createElement('main');
    main.tabIndex = -1;
    document.body.append(main);
    main.focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(input).toHaveFocus();
    main.remove();
  });
});
