/**
 * Whether this browser had a session when it was last used (localStorage; the refresh token itself
 * is an httpOnly cookie that scripts cannot see). While the session is being restored on load, a
 * page can then lay out the guest view at once instead of a placeholder that would shift the page
 * (CLS) for the many visitors who never signed in. Only a layout hint: the server decides.
 */
const KEY = 'amora.hadSession';

export function hadSession(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return true;
  }
}

export function rememberSession(present: boolean): void {
  try {
    if (present) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // storage unavailable (private mode): the placeholder stays, nothing breaks
  }
}
