import type { User, UserUpdateBody } from '@amora/shared/user.ts';
import { api } from '../../../lib/api-client.ts';

export function updateUser(body: UserUpdateBody): Promise<{ user: User }> {
  return api.post<{ user: User }>('/user/update', body);
}

export function updateLanguage(language: string): Promise<{ user: User }> {
  return api.post<{ user: User }>('/user/language', { language });
}

export function updateLanguageForChats(language: string): Promise<{ user: User }> {
  return api.post<{ user: User }>('/user/language-for-chats', { language });
}
