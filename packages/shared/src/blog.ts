import { z } from 'zod';
import { userText } from './text-schema.ts';

/** The languages a blog post is written in (SPEC §2: posts in English and Russian). */
export const blogLanguages = ['en', 'ru'] as const;
export const BlogLanguage = z.enum(blogLanguages);
export type BlogLanguage = z.infer<typeof BlogLanguage>;

export const blogStatuses = ['draft', 'published'] as const;
export const BlogStatus = z.enum(blogStatuses);
export type BlogStatus = z.infer<typeof BlogStatus>;

/** A slug: lower-case letters, digits and single hyphens (`how-to-start`). */
export const BlogSlug = z
  .string()
  .trim()
  .min(1, 'Give the post a slug')
  .max(120, 'The slug must be at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens only');

/** One language of a post, as the operator writes it (the body is Markdown). */
export const BlogTranslationInput = z
  .object({
    title: userText().min(1, 'Give the post a title').max(200, 'The title must be at most 200 characters'),
    description: userText()
      .min(1, 'Give the post a short description')
      .max(300, 'The description must be at most 300 characters'),
    body: z.string().min(1, 'Write the post').max(100_000, 'The post must be at most 100,000 characters'),
  })
  .strict();
export type BlogTranslationInput = z.infer<typeof BlogTranslationInput>;

/** A cover image: a public blog media URL returned by the cover upload. */
export const BlogCoverUrl = z
  .string()
  .max(300)
  .regex(/^\/media\/blog\/[\w-]+\.webp$/, 'Upload the cover image first');

/** `POST /api/admin/blog` and `PUT /api/admin/blog/:id` (admin). */
export const BlogPostInput = z
  .object({
    slug: BlogSlug,
    status: BlogStatus,
    cover: BlogCoverUrl.nullable().default(null),
    en: BlogTranslationInput,
    ru: BlogTranslationInput,
  })
  .strict();
export type BlogPostInput = z.infer<typeof BlogPostInput>;

/** A post as the public sees it, in one language (`html` is rendered and sanitised on the server). */
export const BlogPostView = z
  .object({
    _id: z.string(),
    slug: z.string(),
    language: BlogLanguage,
    title: z.string(),
    description: z.string(),
    cover: z.string().nullable(),
    publishedAt: z.string().nullable(),
    html: z.string(),
  })
  .meta({ id: 'BlogPostView' });
export type BlogPostView = z.infer<typeof BlogPostView>;

export const BlogPostSummary = BlogPostView.omit({ html: true }).meta({ id: 'BlogPostSummary' });
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

export const BlogLanguageQuery = z.object({ lang: BlogLanguage.default('en') }).strict();
export const BlogSlugParams = z.object({ slug: z.string().min(1).max(120) });
export const BlogIdParams = z.object({ id: z.string().min(1).max(64) });

export const BlogListResponse = z.object({ data: z.array(BlogPostSummary) });
export type BlogListResponse = z.infer<typeof BlogListResponse>;
export const BlogPostResponse = z.object({ data: BlogPostView });
export type BlogPostResponse = z.infer<typeof BlogPostResponse>;

/** The operator's view: both languages as written (Markdown), draft or published. */
export const AdminBlogPost = z
  .object({
    _id: z.string(),
    slug: z.string(),
    status: BlogStatus,
    cover: z.string().nullable(),
    en: BlogTranslationInput,
    ru: BlogTranslationInput,
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminBlogPost' });
export type AdminBlogPost = z.infer<typeof AdminBlogPost>;
export const AdminBlogListResponse = z.object({ data: z.array(AdminBlogPost) });
export type AdminBlogListResponse = z.infer<typeof AdminBlogListResponse>;
export const AdminBlogPostResponse = z.object({ data: AdminBlogPost });
export type AdminBlogPostResponse = z.infer<typeof AdminBlogPostResponse>;

export const BlogCoverResponse = z.object({ data: z.object({ url: z.string() }) });
export type BlogCoverResponse = z.infer<typeof BlogCoverResponse>;
