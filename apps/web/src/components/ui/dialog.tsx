import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
import styles from './dialog.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one traps focus and answers Escape. */
const stack: HTMLElement[] = [];

function setBackgroundInert(inert: boolean): void {
  const root = document.getElementById('root');
  if (!root) return;
  if (inert) {
    root.setAttribute('inert', '');
    root.setAttribute('aria-hidden', 'true');
    document.body.style.overflow = 'hidden';
  } else {
    root.removeAttribute('inert');
    root.removeAttribute('aria-hidden');
    document.body.style.overflow = '';
  }
}

type DialogProps = {
  open: boolean;
  /** Without onClose the dialog cannot be dismissed (Escape, backdrop and close button do nothing). */
  onClose?: () => void;
  title: ReactNode;
  /** Visually hide the title (it still names the dialog). */
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md';
  initialFocusRef?: RefObject<HTMLElement | null>;
  testId?: string;
  className?: string;
};

export function Dialog({
  open,
  onClose,
  title,
  hideTitle,
  description,
  children,
  size = 'sm',
  initialFocusRef,
  testId,
  className,
}: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const node = ref.current;
    if (!node) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(node);
    setBackgroundInert(true);

    const first =
      initialFocusRef?.current ??
      node.querySelector<HTMLElement>('[data-autofocus]') ??
      node.querySelector<HTMLElement>(FOCUSABLE) ??
      node;
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== node) return;
      if (event.key === 'Escape') {
        if (onCloseRef.current) {
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => !el.hasAttribute('inert'),
      );
      if (items.length === 0) {
        event.preventDefault();
        node.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !node.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !node.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = stack.indexOf(node);
      if (index >= 0) stack.splice(index, 1);
      if (stack.length === 0) setBackgroundInert(false);
      const next = stack[stack.length - 1];
      if (previouslyFocused && previouslyFocused.isConnected && (!next || next.contains(previouslyFocused))) {
        previouslyFocused.focus();
      } else if (next) {
        next.focus();
      }
    };
    // initialFocusRef is read once when the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={[styles.dialog, styles[size], className ?? ''].join(' ')}
        data-testid={testId}
      >
        {onClose ? (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
            <CloseIcon size={18} />
          </button>
        ) : null}
        <h2 id={titleId} className={[styles.title, hideTitle ? 'visually-hidden' : 'display-font'].join(' ')}>
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}
