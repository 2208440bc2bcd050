/**
 * The window's size now (0 × 0 outside a browser). A windowed list starts from it before it can
 * read its scroller, so its first commit renders the rows in view (docs/decisions/198): the
 * scroller is never larger than the window.
 */
export function windowSize(): { width: number; height: number } {
  return typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };
}
