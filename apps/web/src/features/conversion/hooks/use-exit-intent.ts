import { useEffect, useRef } from 'react';

/** Desktop exit intent: the pointer leaves the page through the top edge (towards the tabs or the address bar). */
export function isExitMouseOut(e: { clientY: number; relatedTarget: EventTarget | null }): boolean {
  return e.relatedTarget === null && e.clientY <= 0;
}

const TRAP = 'amoraExitTrap';

/**
 * Calls `onExit` once when the visitor seems to be leaving (issue 12, the leave offer): the pointer
 * leaving through the top of the viewport (desktop), a back navigation (phones: a history entry is
 * pushed so the first Back stays on the page), or coming back after the page was hidden (the app
 * switcher). Nothing is armed while `enabled` is false.
 */
export function useExitIntent(enabled: boolean, onExit: () => void): void {
  const onExitRef = useRef(onExit);
  useEffect(() => {
    onExitRef.current = onExit;
  });
  useEffect(() => {
    if (!enabled) return;
    let fired = false;
    let hidden = false;
    const fire = () => {
      if (fired) return;
      fired = true;
      onExitRef.current();
    };
    const onMouseOut = (e: MouseEvent) => {
      if (isExitMouseOut(e)) fire();
    };
    const onPopState = () => {
      if (!fired) fire();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hidden = true;
      else if (hidden) fire();
    };
    const state: unknown = window.history.state;
    const trapped = typeof state === 'object' && state !== null && TRAP in state;
    if (!trapped) window.history.pushState({ ...(state as object | null), [TRAP]: true }, '');
    document.addEventListener('mouseout', onMouseOut);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('mouseout', onMouseOut);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled]);
}
