import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AdminBlogPost,
  BlogLanguage,
  BlogPostInput,
  BlogPostSummary,
  BlogPostView,
} from '@amora/shared/blog.ts';
import { BlogPostInput as BlogPostInputSchema } from '@amora/shared/blog.ts';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { BlogPostRow } from '../../db/schema/blog.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { serverRoot } from '../../lib/paths.ts';
import { newId } from '../../lib/tokens.ts';
import { renderMarkdown } from './blog-render.ts';
import type { BlogRepository } from './blog.repository.ts';

export const COVER_MAX_BYTES = 8 * 1024 * 1024;
const LIST_LIMIT = 200;
const COVER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** The folder of the demo posts (one folder per post: meta.json, en.md, ru.md). */
export const BLOG_SEED_DIR = join(serverRoot(), 'src', 'modules', 'blog', 'seed');

function summaryOf(row: BlogPostRow, lang: BlogLanguage): BlogPostSummary {
  const t = row[lang];
  return {
    _id: row.id,
    slug: row.slug,
    language: lang,
    title: t.title,
    description: t.description,
    cover: row.cover,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

export function toAdminBlogPost(row: BlogPostRow): AdminBlogPost {
  return {
    _id: row.id,
    slug: row.slug,
    status: row.status,
    cover: row.cover,
    en: row.en,
    ru: row.ru,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The blog (SPEC §2): the operator's posts in English and Russian, public once published. */
export function createBlogService(deps: { db: Db; repo: BlogRepository; storage: MediaStorage }) {
  const { db, repo, storage } = deps;

  const slugTaken = (slug: string) => new AppError('CONFLICT', 'blog.slugTaken', { slug });

  return {
    async listPublished(lang: BlogLanguage): Promise<BlogPostSummary[]> {
      return (await repo.listPublished(db, LIST_LIMIT)).map((r) => summaryOf(r, lang));
    },
    /** A published post in one language, its Markdown rendered and sanitised; 404 for drafts. */
    async getPublished(slug: string, lang: BlogLanguage): Promise<BlogPostView> {
      const row = await repo.findPublishedBySlug(db, slug);
      if (!row) throw notFound('blog.notFound');
      return { ...summaryOf(row, lang), html: renderMarkdown(row[lang].body) };
    },
    async findPublished(slug: string, lang: BlogLanguage): Promise<BlogPostView | null> {
      const row = await repo.findPublishedBySlug(db, slug);
      return row ? { ...summaryOf(row, lang), html: renderMarkdown(row[lang].body) } : null;
    },
    /** Published posts for the sitemap: slug and last change. */
    async sitemapEntries(): Promise<{ slug: string; updatedAt: Date }[]> {
      return (await repo.listPublished(db, 50_000)).map((r) => ({ slug: r.slug, updatedAt: r.updatedAt }));
    },

    // --- the operator ---
    async adminList(): Promise<AdminBlogPost[]> {
      return (await repo.listAll(db, LIST_LIMIT)).map(toAdminBlogPost);
    },
    async adminGet(id: string): Promise<AdminBlogPost> {
      const row = await repo.findById(db, id);
      if (!row) throw notFound('blog.notFound');
      return toAdminBlogPost(row);
    },
    async create(input: BlogPostInput): Promise<AdminBlogPost> {
      try {
        const row = await repo.insert(db, {
          id: newId(),
          slug: input.slug,
          status: input.status,
          cover: input.cover,
          en: input.en,
          ru: input.ru,
          publishedAt: input.status === 'published' ? new Date() : null,
        });
        return toAdminBlogPost(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken(input.slug);
        throw err;
      }
    },
    async update(id: string, input: BlogPostInput): Promise<AdminBlogPost> {
      const before = await repo.findById(db, id);
      if (!before) throw notFound('blog.notFound');
      try {
        const row = await repo.update(db, id, {
          slug: input.slug,
          status: input.status,
          cover: input.cover,
          en: input.en,
          ru: input.ru,
          publishedAt: before.publishedAt ?? (input.status === 'published' ? new Date() : null),
        });
        if (!row) throw notFound('blog.notFound');
        return toAdminBlogPost(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken(input.slug);
        throw err;
      }
    },
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(db, id))) throw notFound('blog.notFound');
    },
    /**
     * A cover image: decoded by sharp (JPEG, PNG, WebP or GIF), re-encoded to WebP at most
     * 1600×900 with the metadata dropped, and kept as a public file of the media storage.
     */
    async uploadCover(bytes: Buffer): Promise<{ url: string }> {
      const invalid = () =>
        new AppError('VALIDATION_ERROR', 'blog.coverInvalid', { mb: COVER_MAX_BYTES / 1024 / 1024 });
      if (bytes.length === 0 || bytes.length > COVER_MAX_BYTES) throw invalid();
      let webp: Buffer;
      try {
        const meta = await sharp(bytes, { limitInputPixels: 40_000_000 }).metadata();
        if (!meta.format || !COVER_FORMATS.has(meta.format)) throw invalid();
        webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize({ width: 1600, height: 900, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw invalid();
      }
      const key = `blog/${newId()}.webp`;
      await storage.put(key, webp, 'image/webp');
      return { url: storage.url(key) };
    },

    /**
     * The demo posts (SEED_DEMO): each folder of seed/ is a post; inserted only into an empty
     * blog, so posts the operator deleted do not come back at the next start.
     */
    async seed(dir = BLOG_SEED_DIR): Promise<number> {
      if (!existsSync(dir) || (await repo.count(db)) > 0) return 0;
      let n = 0;
      for (const slug of readdirSync(dir).sort()) {
        const folder = join(dir, slug);
        const meta = JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8')) as {
          publishedAt: string;
          en: { title: string; description: string };
          ru: { title: string; description: string };
        };
        const input = BlogPostInputSchema.parse({
          slug,
          status: 'published',
          cover: null,
          en: { ...meta.en, body: readFileSync(join(folder, 'en.md'), 'utf8') },
          ru: { ...meta.ru, body: readFileSync(join(folder, 'ru.md'), 'utf8') },
        });
        await repo.insertIfAbsent(db, {
          id: newId(),
          slug: input.slug,
          status: 'published',
          cover: null,
          en: input.en,
          ru: input.ru,
          publishedAt: new Date(meta.publishedAt),
        });
        n++;
      }
      return n;
    },
  };
}
export type BlogService = ReturnType<typeof createBlogService>;
