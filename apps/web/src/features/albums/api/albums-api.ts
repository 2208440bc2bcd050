import type {
  AdminAlbumCategoryBody,
  AdminAlbumResponse,
  AlbumCategoriesResponse,
  AlbumCategory,
  AlbumCollectionResponse,
  AlbumItem,
  AlbumItemsResponse,
  AlbumUnlockResponse,
  UserContentResponse,
} from '@amora/shared/albums.ts';
import type { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../auth/store.ts';

type Out<T extends z.ZodType> = z.infer<T>;

export const albumKeys = {
  all: ['album'] as const,
  collection: () => ['album', 'collection'] as const,
  categories: (remoteId: number, who: string) => ['album', 'categories', remoteId, who] as const,
  items: (remoteId: number, category: string) => ['album', 'items', remoteId, category] as const,
  userContent: (chatId: string) => ['album', 'user-content', chatId] as const,
  admin: (botId: string) => ['album', 'admin', botId] as const,
};

export async function fetchCollection(signal?: AbortSignal) {
  return (await api.get<Out<typeof AlbumCollectionResponse>>('/album', { signal })).data;
}

export async function fetchCategories(remoteId: number, who: string, signal?: AbortSignal) {
  return (
    await api.get<Out<typeof AlbumCategoriesResponse>>(
      `/album/categories/${remoteId}/${encodeURIComponent(who)}`,
      { signal },
    )
  ).data;
}

export async function fetchItems(remoteId: number, category: string, signal?: AbortSignal) {
  return (
    await api.get<Out<typeof AlbumItemsResponse>>(
      `/album/${remoteId}/category/${encodeURIComponent(category)}`,
      { signal },
    )
  ).data;
}

export async function fetchUserContent(chatId: string, signal?: AbortSignal) {
  return (
    await api.get<Out<typeof UserContentResponse>>(`/album/user-content/${encodeURIComponent(chatId)}`, {
      signal,
    })
  ).data;
}

export async function unlockCategory(botId: string, category: AlbumCategory) {
  return (await api.post<Out<typeof AlbumUnlockResponse>>('/album/unlock', { botId, category })).data;
}

// Operator console.

export async function fetchAdminAlbum(botId: string, signal?: AbortSignal) {
  return (
    await api.get<Out<typeof AdminAlbumResponse>>(`/admin/albums/${encodeURIComponent(botId)}`, { signal })
  ).data;
}

export async function updateAdminCategory(
  botId: string,
  category: AlbumCategory,
  body: AdminAlbumCategoryBody,
) {
  return (
    await api.request<Out<typeof AdminAlbumResponse>>(
      `/admin/albums/${encodeURIComponent(botId)}/${encodeURIComponent(category)}`,
      { method: 'PUT', body },
    )
  ).data;
}

export async function deleteAdminItem(botId: string, itemId: string): Promise<void> {
  await api.request(`/admin/albums/${encodeURIComponent(botId)}/items/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
  });
}

/** Multipart upload (the JSON client does not send files): one refresh and retry on 401. */
export async function uploadAdminItem(
  botId: string,
  category: AlbumCategory,
  file: File,
): Promise<AlbumItem> {
  const url = `/api/admin/albums/${encodeURIComponent(botId)}/${encodeURIComponent(category)}/items`;
  const send = (token: string | null) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return fetch(url, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  };
  let res = await send(useAuthStore.getState().accessToken);
  if (res.status === 401) res = await send(await api.refreshAccessToken());
  const body = (await res.json().catch(() => ({}))) as {
    data?: AlbumItem;
    statusCode?: number;
    code?: string;
    message?: string;
  };
  if (!res.ok || !body.data)
    throw new ApiError(res.status, body.code ?? 'ERROR', body.message ?? res.statusText);
  return body.data;
}
