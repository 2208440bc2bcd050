import type { Message } from '@amora/shared/chat.ts';
import type { VideoJob } from '@amora/shared/media.ts';
import { api } from '../../../lib/api-client.ts';

export type RevealAnswer = { updatedTokens: number; message: Message };
export type VideoJobAnswer = { updatedTokens: number; job: VideoJob; message: Message };
export type SendPhotoAnswer = { updatedTokens: number; message: Message };

/** Pays for a blurred photo or locked voice note of hers; the answer is the opened message. */
export function revealMessage(chatId: string, messageId: string): Promise<RevealAnswer> {
  return api.post<RevealAnswer>(
    `/chat/${encodeURIComponent(chatId)}/reveal/${encodeURIComponent(messageId)}`,
  );
}

/** Asks her for a video: the placeholder message now, the clip later under the same `_id`. */
export function generateVideo(chatId: string): Promise<VideoJobAnswer> {
  return api.post<VideoJobAnswer>('/media/generate-video', { chatId });
}

/** Tries a failed (or slow) video again, at no extra cost. */
export function regenerateVideo(messageId: string): Promise<VideoJobAnswer> {
  return api.post<VideoJobAnswer>('/media/regenerate-video', { messageId });
}

/** Sends the user's photo (a resized JPEG data URL) with an optional caption. */
export function sendPhotoMessage(chatId: string, photo: string, message?: string): Promise<SendPhotoAnswer> {
  return api.post<SendPhotoAnswer>(`/chat/send/${encodeURIComponent(chatId)}`, {
    message: message ? { photo, message } : { photo },
    type: 'photo',
  });
}
