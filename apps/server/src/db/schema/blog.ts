import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One language of a post as the operator wrote it (the body is Markdown, rendered when read). */
export type BlogTranslation = { title: string; description: string; body: string };

/** Blog posts (SPEC §2 /blog), written by the operator in English and Russian. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** The public cover image (`/media/blog/<id>.webp`), or null. */
    cover: text('cover'),
    en: jsonb('en').$type<BlogTranslation>().notNull(),
    ru: jsonb('ru').$type<BlogTranslation>().notNull(),
    /** Set the first time the post is published (kept when it goes back to draft and out again). */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_unique').on(t.slug),
    index('blog_posts_status_published').on(t.status, t.publishedAt),
  ],
);
export type BlogPostRow = typeof blogPosts.$inferSelect;
