import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * Popups over the current page are driven by `?popup=` (SPEC §2). `selected-model` names the
 * character by `remote_id`; a popup opened over it (sign-up from its chat button) goes in the
 * second parameter `nested`, so closing that one returns to the character.
 */
export const popups = ['sign-in', 'sign-up', 'selected-model'] as const;
export type PopupName = (typeof popups)[number];
export type AuthPopupName = Exclude<PopupName, 'selected-model'>;
export const MODEL_PARAM = 'remote_id';
export const NESTED_POPUP_PARAM = 'nested';

export function isPopupName(value: string | null): value is PopupName {
  return value !== null && (popups as readonly string[]).includes(value);
}

function isAuthPopupName(value: string | null): value is AuthPopupName {
  return value === 'sign-in' || value === 'sign-up';
}

/** The search string with the character's profile open (`?popup=selected-model&remote_id=`). */
export function searchWithModel(search: string, remoteId: number): string {
  const params = new URLSearchParams(search);
  params.set('popup', 'selected-model');
  params.set(MODEL_PARAM, String(remoteId));
  params.delete(NESTED_POPUP_PARAM);
  return `?${params.toString()}`;
}

/** The search string with every popup parameter removed. */
function searchWithoutPopups(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['popup', MODEL_PARAM, NESTED_POPUP_PARAM]) params.delete(key);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The search string with `popup` set (or removed), keeping every other parameter. */
export function searchWithPopup(
  search: string,
  popup: PopupName | null,
  extra?: Record<string, string>,
): string {
  const params = new URLSearchParams(search);
  if (popup) params.set('popup', popup);
  else params.delete('popup');
  for (const [key, value] of Object.entries(extra ?? {})) params.set(key, value);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

const RETURN_KEY = 'amora.returnTo';

/** Remembers the protected page a guest was sent away from, to return there after signing in. */
export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // storage unavailable: the user lands on home instead
  }
}

export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}

export function usePopup() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = params.get('popup');
  const popup = isPopupName(raw) ? raw : null;
  const rawNested = params.get(NESTED_POPUP_PARAM);
  const nested = popup === 'selected-model' && isAuthPopupName(rawNested) ? rawNested : null;
  /** The sign-in/sign-up popup showing, on its own or over the character's profile. */
  const authPopup: AuthPopupName | null = isAuthPopupName(popup) ? popup : nested;

  const open = useCallback(
    (name: AuthPopupName) => {
      const search = new URLSearchParams(location.search);
      // Over the character's profile, sign-in/sign-up open as the nested popup.
      if (search.get('popup') === 'selected-model') {
        search.set(NESTED_POPUP_PARAM, name);
        void navigate({ pathname: location.pathname, search: `?${search.toString()}` });
        return;
      }
      void navigate({ pathname: location.pathname, search: searchWithPopup(location.search, name) });
    },
    [location.pathname, location.search, navigate],
  );
  /** Closes the top popup: the nested one if there is one, else the popup. */
  const close = useCallback(() => {
    takeReturnPath(); // dismissed: forget where the guest was heading
    const search = new URLSearchParams(location.search);
    if (search.get('popup') === 'selected-model' && search.has(NESTED_POPUP_PARAM)) {
      search.delete(NESTED_POPUP_PARAM);
      const qs = search.toString();
      void navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '' }, { replace: true });
      return;
    }
    void navigate(
      { pathname: location.pathname, search: searchWithoutPopups(location.search) },
      { replace: true },
    );
  }, [location.pathname, location.search, navigate]);

  return { popup, nested, authPopup, open, close };
}
