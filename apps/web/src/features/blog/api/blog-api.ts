import type {
  AdminBlogListResponse,
  AdminBlogPost,
  AdminBlogPostResponse,
  BlogCoverResponse,
  BlogLanguage,
  BlogListResponse,
  BlogPostInput,
  BlogPostResponse,
  BlogPostSummary,
  BlogPostView,
} from '@amora/shared/blog.ts';
import { api } from '../../../lib/api-client.ts';

export const blogKeys = {
  list: (lang: BlogLanguage) => ['blog', 'list', lang] as const,
  post: (slug: string, lang: BlogLanguage) => ['blog', 'post', slug, lang] as const,
  admin: () => ['admin', 'blog'] as const,
};

/** The blog's language: Russian for a Russian interface, else English (posts are written in both). */
export const blogLanguageOf = (language: string | undefined): BlogLanguage =>
  language === 'ru' ? 'ru' : 'en';

export async function fetchPosts(lang: BlogLanguage, signal?: AbortSignal): Promise<BlogPostSummary[]> {
  return (await api.get<BlogListResponse>('/blog', { query: { lang }, signal })).data;
}

export async function fetchPost(
  slug: string,
  lang: BlogLanguage,
  signal?: AbortSignal,
): Promise<BlogPostView> {
  return (await api.get<BlogPostResponse>(`/blog/${encodeURIComponent(slug)}`, { query: { lang }, signal }))
    .data;
}

export async function fetchAdminPosts(signal?: AbortSignal): Promise<AdminBlogPost[]> {
  return (await api.get<AdminBlogListResponse>('/admin/blog', { signal })).data;
}

export async function savePost(id: string | null, input: BlogPostInput): Promise<AdminBlogPost> {
  const res = id
    ? await api.request<AdminBlogPostResponse>(`/admin/blog/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: input,
      })
    : await api.post<AdminBlogPostResponse>('/admin/blog', input);
  return res.data;
}

export async function deletePost(id: string): Promise<void> {
  await api.request<null>(`/admin/blog/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Uploads a cover image (multipart); the server re-encodes it and answers its public URL. */
export async function uploadCover(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<BlogCoverResponse>('/admin/blog/cover', form)).data.url;
}
