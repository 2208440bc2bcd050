import { messageLength, normalizeMessage, textareaHeight } from '@amora/shared/rules.ts';
import {
  LOW_BALANCE_TOKENS,
  MESSAGE_MAX_LENGTH,
  TEXTAREA_BASE_HEIGHT,
  TEXTAREA_MAX_ROWS,
  TEXTAREA_MIN_ROWS,
  TEXTAREA_ROW_HEIGHT,
} from '@amora/shared/constants.ts';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { SendIcon } from '../../../components/ui/icons.tsx';
import styles from './chat-input.module.css';

/** The counter appears when this many characters or fewer are left. */
const COUNTER_THRESHOLD = 20;

type ChatInputProps = {
  tokens: number;
  /** Waiting for her reply: typing is fine, sending is not. */
  locked: boolean;
  /** The chat cannot take messages at all (for instance she broke up). */
  disabled?: boolean;
  placeholder?: string;
  /** The placeholder while locked (the support chat waits for people, not for her). */
  waitingText?: string;
  /** Resolves to false when the message was not accepted: the text is given back. */
  onSend: (text: string) => Promise<boolean>;
  onNoTokens: () => void;
  /** Shown before the text field (the photo button). */
  leading?: ReactNode;
  /** Messages here cost nothing (the support chat, SPEC §5): a zero balance does not block it. */
  free?: boolean;
};

function clampLength(text: string): string {
  return messageLength(text) > MESSAGE_MAX_LENGTH ? [...text].slice(0, MESSAGE_MAX_LENGTH).join('') : text;
}

/**
 * How many rows the text needs. The field is collapsed to one row first so that scrollHeight
 * measures the text, not the previous height (which is why the field has no height transition:
 * mid-transition the old height would be measured and it would never shrink back).
 */
function rowsFor(el: HTMLTextAreaElement, value: string): number {
  const lines = value.split('\n').length;
  el.style.height = `${TEXTAREA_BASE_HEIGHT}px`;
  const measured =
    el.scrollHeight > TEXTAREA_BASE_HEIGHT
      ? 1 + Math.round((el.scrollHeight - TEXTAREA_BASE_HEIGHT) / TEXTAREA_ROW_HEIGHT)
      : 1;
  return Math.min(TEXTAREA_MAX_ROWS, Math.max(TEXTAREA_MIN_ROWS, lines, measured));
}

const isAndroid = typeof navigator !== 'undefined' && /android/i.test(navigator.userAgent);

/** Focus may leave the message box for these controls without being pulled back (SPEC §5). */
const FOCUS_EXCEPTIONS =
  'input, textarea, select, button, a[href], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
/** ...nor for anything inside these (an open dialog or menu, or a part that asks for it). */
const FOCUS_EXCEPTION_AREAS = '[role="dialog"], [role="menu"], [data-keep-focus]';

/**
 * SPEC §5: the box takes the focus back when it loses it, unless the focus moved to an exception
 * (another control, a dialog), the user is selecting text to copy, or a dialog is open. A click on
 * the thread focuses its nearest focusable container (the page's `<main tabindex="-1">`, a
 * scroller): that is not an exception, so the box takes the focus back.
 */
function shouldRefocus(next: EventTarget | null): boolean {
  if (isAndroid) return false;
  if (next instanceof Element && (next.matches(FOCUS_EXCEPTIONS) || next.closest(FOCUS_EXCEPTION_AREAS)))
    return false;
  if (document.querySelector('[role="dialog"], [aria-modal="true"]')) return false;
  const selection = typeof window !== 'undefined' ? window.getSelection() : null;
  return !selection || selection.isCollapsed;
}

/**
 * SPEC §5: 160 characters, 1–6 rows (36 px + 24 per extra row), Enter sends and Shift+Enter
 * breaks the line; disabled with no tokens (a click opens the no-tokens popup) or while locked;
 * the send button turns red when the balance is low.
 */
export function ChatInput({
  tokens,
  locked,
  disabled = false,
  placeholder,
  waitingText,
  onSend,
  onNoTokens,
  leading,
  free = false,
}: ChatInputProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const noTokens = !free && tokens <= 0;
  const low = tokens <= LOW_BALANCE_TOKENS;
  const length = messageLength(value);
  const left = MESSAGE_MAX_LENGTH - length;
  // The server's rule: a text of only spaces or zero-width characters is empty (never charged).
  const canSend = normalizeMessage(value) !== '' && !locked && !noTokens && !disabled && !sending;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const rows = rowsFor(el, value);
    el.style.height = `${textareaHeight(rows)}px`;
    el.dataset.rows = String(rows);
  }, [value]);

  const submit = async () => {
    if (noTokens) {
      onNoTokens();
      return;
    }
    if (!canSend) return;
    const text = value;
    setValue('');
    setSending(true);
    const accepted = await onSend(text).catch(() => false);
    setSending(false);
    if (!accepted) setValue((current) => (current === '' ? text : current));
    if (!isAndroid) ref.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (noTokens && event.key.length === 1) {
      event.preventDefault();
      onNoTokens();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const onBlur = (event: FocusEvent<HTMLTextAreaElement>) => {
    if (disabled || noTokens) return;
    const el = event.currentTarget;
    if (!shouldRefocus(event.relatedTarget)) return;
    // After the click that blurred it has done its work (a tap on the thread, the header…).
    setTimeout(() => {
      // Where the focus went meanwhile decides: nowhere, or a non-control such as the thread's
      // scroller (Chromium focuses scrollers on click), gives it back; a control keeps it.
      const now = document.activeElement;
      if (!el.isConnected || now === el) return;
      if (now === null || now === document.body || shouldRefocus(now)) el.focus({ preventScroll: true });
    }, 0);
  };

  const placeholderText = disabled
    ? (placeholder ?? t('chat.input.placeholder'))
    : noTokens
      ? t('chat.input.noTokens')
      : locked
        ? (waitingText ?? t('chat.input.waiting'))
        : (placeholder ?? t('chat.input.placeholder'));

  return (
    <form className={styles.bar} onSubmit={onSubmit} data-testid="chat-input">
      {leading}
      <div className={`${styles.field} ${noTokens || disabled ? styles.inactive : ''}`}>
        <textarea
          ref={ref}
          className={styles.textarea}
          value={value}
          rows={1}
          onChange={(event) => setValue(clampLength(event.target.value))}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          onClick={noTokens ? onNoTokens : undefined}
          readOnly={noTokens || disabled}
          aria-disabled={noTokens || disabled || undefined}
          aria-label={t('chat.input.label')}
          aria-describedby={left <= COUNTER_THRESHOLD ? counterId : undefined}
          placeholder={placeholderText}
          enterKeyHint="send"
          autoComplete="off"
          data-testid="message-input"
        />
        {left <= COUNTER_THRESHOLD ? (
          <span
            id={counterId}
            className={`${styles.counter} ${left <= 0 ? styles.counterFull : ''}`}
            aria-live="polite"
            data-testid="char-counter"
          >
            {t('chat.input.counter', { count: length, max: MESSAGE_MAX_LENGTH })}
          </span>
        ) : null}
      </div>
      <button
        type="submit"
        className={`${styles.send} ${low ? styles.low : ''}`}
        disabled={!canSend}
        aria-label={t('chat.input.send')}
        data-low={low || undefined}
        data-testid="send-button"
      >
        <SendIcon size={20} />
      </button>
    </form>
  );
}
