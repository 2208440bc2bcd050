import type { TFunction } from 'i18next';
import { isApiError } from './api-client.ts';

/** The text to show for a failed call: the server's message, or a translated fallback. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
    if (error.message) return error.message;
  }
  return t('errors.generic');
}
