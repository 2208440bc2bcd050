import type { AppealResponse } from '@amora/shared/security.ts';
import { api } from '../../../lib/api-client.ts';

/** A banned user's appeal to the operators' support inbox (one open at a time: 409 until answered). */
export function sendAppeal(message: string): Promise<AppealResponse> {
  return api.post<AppealResponse>('/support/appeal', { message });
}
