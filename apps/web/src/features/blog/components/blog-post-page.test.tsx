import type { BlogPostView } from '@amora/shared/blog.ts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BlogApi from '../api/blog-api.ts';
import { renderAt } from '../../admin/components/test-utils.tsx';
import { BlogPostPage } from './blog-post-page.tsx';

const fetchPost = vi.fn<(slug: string, lang: string) => Promise<BlogPostView>>();
vi.mock('../api/blog-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof BlogApi>()),
  fetchPost: (slug: string, lang: string) => fetchPost(slug, lang),
}));

const post: BlogPostView = {
  _id: 'p1',
  slug: 'hello',
  language: 'ru',
  title: 'Привет',
  description: 'Первая статья',
  cover: null,
  publishedAt: '2026-09-01T09:00:00.000Z',
  html: '<h2>Раздел</h2><p>Текст <strong>статьи</strong></p>',
};

describe('a blog post', () => {
  beforeEach(() => fetchPost.mockReset());

  it('shows the post in the language the link asks for, with its server-rendered HTML', async () => {
    fetchPost.mockResolvedValue(post);
    renderAt('/blog/hello?lang=ru', '/blog/:slug', <BlogPostPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Привет' })).toBeInTheDocument();
    expect(fetchPost).toHaveBeenCalledWith('hello', 'ru');
    expect(screen.getByRole('heading', { level: 2, name: 'Раздел' })).toBeInTheDocument();
    expect(screen.getByTestId('blog-post-body').querySelector('strong')?.textContent).toBe('статьи');
    expect(screen.getByTestId('blog-back')).toHaveAttribute('href', '/blog');
  });
});
