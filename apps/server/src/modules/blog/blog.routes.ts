import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import {
  AdminBlogListResponse,
  AdminBlogPostResponse,
  BlogCoverResponse,
  BlogIdParams,
  BlogLanguageQuery,
  BlogListResponse,
  BlogPostInput,
  BlogPostResponse,
  BlogSlugParams,
  type BlogLanguage,
} from '@amora/shared/blog.ts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { keyOfUrl, type MediaStorage } from '../../lib/media-storage.ts';
import { negotiateLanguage } from '../../lib/messages/index.ts';
import { requireRole } from '../../plugins/require-role.ts';
import { escapeHtml, FALLBACK_SHELL, renderPage, renderRobots, renderSitemap } from './blog-pages.ts';
import { COVER_MAX_BYTES, type BlogService } from './blog.service.ts';

export type BlogPagesOptions = {
  /** The built SPA (its index.html is the shell of the blog pages); null serves a bare shell. */
  webDist: string | null;
  /** Absolute origin for canonical, Open Graph and sitemap URLs (no trailing slash). */
  publicUrl: string;
  /** Public pages besides the blog for the sitemap (characters), as paths with their query. */
  extraPaths: () => Promise<string[]>;
};

const PageQuery = z.object({ lang: z.string().max(10).optional() });
const PAGE_TEXT = {
  en: { blog: 'Blog', blogDescription: 'Stories, guides and news from Amora.', back: 'All posts' },
  ru: { blog: 'Блог', blogDescription: 'Истории, советы и новости Amora.', back: 'Все статьи' },
} as const;

/** `?lang=` when it names a blog language, else the best of Accept-Language, else English. */
function pageLanguage(req: FastifyRequest, lang: string | undefined): BlogLanguage {
  if (lang === 'en' || lang === 'ru') return lang;
  return negotiateLanguage(req.headers['accept-language']) ?? 'en';
}

/** The SPA's index.html, read again only when the file changed (a new build). */
function shellReader(webDist: string | null): () => string {
  const file = webDist ? join(webDist, 'index.html') : null;
  let cached: { mtime: number; html: string } | null = null;
  return () => {
    if (!file || !existsSync(file)) return FALLBACK_SHELL;
    const mtime = statSync(file).mtimeMs;
    if (!cached || cached.mtime !== mtime) cached = { mtime, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/** The blog API: public reads (published posts), the operator's CRUD and cover upload. */
export function blogRoutes(app: AppInstance, blog: BlogService, storage: MediaStorage): void {
  const tags = ['blog'];
  app.get(
    '/api/blog',
    {
      schema: {
        tags,
        summary: 'Published posts, newest first, in `lang` (en or ru)',
        querystring: BlogLanguageQuery,
        response: { 200: BlogListResponse },
      },
    },
    async (req) => ({ data: await blog.listPublished(req.query.lang) }),
  );
  app.get(
    '/api/blog/:slug',
    {
      schema: {
        tags,
        summary: 'A published post in `lang`, its Markdown rendered to sanitised HTML; 404 for drafts',
        params: BlogSlugParams,
        querystring: BlogLanguageQuery,
        response: { 200: BlogPostResponse },
      },
    },
    async (req) => ({ data: await blog.getPublished(req.params.slug, req.query.lang) }),
  );

  const onRequest = [app.requireAuth, requireRole(app, ['admin'])];
  const admin = { tags: ['admin', 'blog'], security: [{ bearer: [] }] };
  app.get(
    '/api/admin/blog',
    {
      onRequest,
      schema: {
        ...admin,
        summary: 'Every post, drafts too, last changed first (Markdown as written)',
        response: { 200: AdminBlogListResponse },
      },
    },
    async () => ({ data: await blog.adminList() }),
  );
  app.get(
    '/api/admin/blog/:id',
    {
      onRequest,
      schema: {
        ...admin,
        summary: 'One post',
        params: BlogIdParams,
        response: { 200: AdminBlogPostResponse },
      },
    },
    async (req) => ({ data: await blog.adminGet(req.params.id) }),
  );
  app.post(
    '/api/admin/blog',
    {
      onRequest,
      schema: {
        ...admin,
        summary:
          'Write a post in English and Russian (Markdown), as a draft or published; 409 for a taken slug',
        body: BlogPostInput,
        response: { 201: AdminBlogPostResponse },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await blog.create(req.body) }),
  );
  app.put(
    '/api/admin/blog/:id',
    {
      onRequest,
      schema: {
        ...admin,
        summary: 'Change a post (its slug, status, cover and both languages)',
        params: BlogIdParams,
        body: BlogPostInput,
        response: { 200: AdminBlogPostResponse },
      },
    },
    async (req) => ({ data: await blog.update(req.params.id, req.body) }),
  );
  app.delete(
    '/api/admin/blog/:id',
    {
      onRequest,
      schema: { ...admin, summary: 'Delete a post', params: BlogIdParams, response: { 204: z.null() } },
    },
    async (req, reply) => {
      await blog.remove(req.params.id);
      return reply.code(204).send(null);
    },
  );

  // Multipart only here: its parser lives in this encapsulated scope, every other route stays JSON.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: COVER_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    });
    scope.post(
      '/api/admin/blog/cover',
      {
        onRequest,
        schema: {
          ...admin,
          summary: `Upload a cover image (multipart field \`file\`: JPEG, PNG, WebP or GIF up to ${COVER_MAX_BYTES / 1024 / 1024} MB); it is re-encoded to WebP and served publicly at the returned URL`,
          consumes: ['multipart/form-data'],
          response: { 201: BlogCoverResponse },
        },
      },
      async (req, reply) => {
        let bytes: Buffer;
        try {
          const file = await req.file();
          if (!file) throw new AppError('VALIDATION_ERROR', 'blog.coverMissing');
          bytes = await file.toBuffer();
        } catch (err) {
          if (err instanceof AppError) throw err;
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('PAYLOAD_TOO_LARGE', 'blog.coverInvalid', {
              mb: COVER_MAX_BYTES / 1024 / 1024,
            });
          throw new AppError('VALIDATION_ERROR', 'blog.coverMissing');
        }
        return reply.code(201).send({ data: await blog.uploadCover(bytes) });
      },
    );
  });

  // Covers are public files (only blog/ keys, so nothing else of the storage is reachable here).
  app.get(
    '/media/blog/:file',
    {
      schema: {
        tags,
        summary: 'A blog cover image (public)',
        params: z.object({
          file: z
            .string()
            .regex(/^[\w-]+\.webp$/)
            .max(100),
        }),
      },
    },
    async (req, reply) => {
      const key = keyOfUrl(`/media/blog/${req.params.file}`);
      if (!key || !(await storage.has(key))) throw notFound('media.fileNotFound');
      reply.header('cache-control', 'public, max-age=604800, immutable');
      if (storage.presignGet) return reply.redirect(await storage.presignGet(key, 3600), 302);
      return reply.type('image/webp').send(await storage.read(key));
    },
  );
}

/**
 * What a crawler reads (decision 086): `/blog` and `/blog/:slug` as the SPA's index.html with the
 * page's title, description, canonical, hreflang and Open Graph tags and its content in `#root`;
 * `/sitemap.xml` and `/robots.txt`.
 */
export function blogPageRoutes(app: AppInstance, blog: BlogService, opts: BlogPagesOptions): void {
  const shell = shellReader(opts.webDist);
  const abs = (path: string) => `${opts.publicUrl}${path}`;
  const inLang = (path: string, lang: BlogLanguage) =>
    lang === 'en' ? abs(path) : abs(`${path}?lang=${lang}`);
  const tags = ['blog'];
  const html = (reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown }) => {
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'Accept-Language');
    reply.type('text/html; charset=utf-8');
  };

  app.get(
    '/blog',
    {
      schema: {
        tags,
        summary:
          'The blog index as HTML for crawlers and first loads (the SPA takes over); `lang` = en or ru',
        querystring: PageQuery,
      },
    },
    async (req, reply) => {
      const lang = pageLanguage(req, req.query.lang);
      const text = PAGE_TEXT[lang];
      const posts = await blog.listPublished(lang);
      const items = posts
        .map(
          (p) =>
            `<li><article><h2><a href="/blog/${encodeURIComponent(p.slug)}${lang === 'en' ? '' : `?lang=${lang}`}">${escapeHtml(p.title)}</a></h2><p>${escapeHtml(p.description)}</p></article></li>`,
        )
        .join('');
      html(reply);
      return renderPage(shell(), {
        lang,
        title: `${text.blog} · Amora`,
        description: text.blogDescription,
        canonical: inLang('/blog', lang),
        alternates: (['en', 'ru'] as const).map((l) => ({ lang: l, href: inLang('/blog', l) })),
        ogType: 'website',
        bodyHtml: `<main data-ssr="blog"><h1>${text.blog}</h1><ul>${items}</ul></main>`,
      });
    },
  );

  app.get(
    '/blog/:slug',
    {
      schema: {
        tags,
        summary:
          'A published post as HTML for crawlers and first loads (the SPA takes over); `lang` = en or ru',
        params: BlogSlugParams,
        querystring: PageQuery,
      },
    },
    async (req, reply) => {
      const lang = pageLanguage(req, req.query.lang);
      const post = await blog.findPublished(req.params.slug, lang);
      html(reply);
      if (!post) {
        // The SPA shows its not-found page; crawlers get the status.
        reply.code(404);
        return renderPage(shell(), {
          lang,
          title: 'Amora',
          description: PAGE_TEXT[lang].blogDescription,
          canonical: inLang('/blog', lang),
          alternates: [],
          ogType: 'website',
          bodyHtml: '',
        });
      }
      const path = `/blog/${encodeURIComponent(post.slug)}`;
      const cover = post.cover ? abs(post.cover) : null;
      return renderPage(shell(), {
        lang,
        title: `${post.title} · Amora`,
        ogTitle: post.title,
        description: post.description,
        canonical: inLang(path, lang),
        alternates: (['en', 'ru'] as const).map((l) => ({ lang: l, href: inLang(path, l) })),
        ogType: 'article',
        image: cover,
        publishedAt: post.publishedAt,
        bodyHtml:
          `<main data-ssr="blog-post"><article><h1>${escapeHtml(post.title)}</h1>` +
          `<p>${escapeHtml(post.description)}</p>` +
          (cover ? `<img src="${escapeHtml(post.cover ?? '')}" alt="" />` : '') +
          `${post.html}</article><p><a href="/blog${lang === 'en' ? '' : `?lang=${lang}`}">${PAGE_TEXT[lang].back}</a></p></main>`,
      });
    },
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags,
        summary: 'The sitemap: home, the characters and every published post (both languages)',
      },
    },
    async (_req, reply) => {
      const posts = await blog.sitemapEntries();
      const urls = [
        { loc: abs('/') },
        ...(await opts.extraPaths()).map((p) => ({ loc: abs(p) })),
        { loc: abs('/blog') },
        { loc: abs('/blog?lang=ru') },
        ...posts.flatMap((p) =>
          (['en', 'ru'] as const).map((l) => ({
            loc: inLang(`/blog/${encodeURIComponent(p.slug)}`, l),
            lastmod: p.updatedAt.toISOString(),
          })),
        ),
      ];
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('application/xml; charset=utf-8').send(renderSitemap(urls));
    },
  );

  app.get(
    '/robots.txt',
    { schema: { tags, summary: 'robots.txt: what crawlers may read, and the sitemap' } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return reply.type('text/plain; charset=utf-8').send(renderRobots(opts.publicUrl));
    },
  );
}
