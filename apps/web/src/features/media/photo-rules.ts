import { SUPPORT_REMOTE_ID } from '@amora/shared/constants.ts';
import { USER_PHOTO_MIN_POINTS } from '@amora/shared/media-rules.ts';

/** SPEC §5: the photo button shows at points >= 40, for a user whose status is not New, outside the support chat. */
export function canSendPhoto(input: {
  points: number;
  userStatus: string | undefined;
  remoteId: number;
}): boolean {
  if (input.remoteId === SUPPORT_REMOTE_ID) return false;
  if (!input.userStatus || input.userStatus.toLowerCase() === 'new') return false;
  return input.points >= USER_PHOTO_MIN_POINTS;
}
