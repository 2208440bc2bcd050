import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blogPosts, type BlogPostRow } from '../../db/schema/blog.ts';

export type NewBlogPost = typeof blogPosts.$inferInsert;

/** Blog posts (the only module that touches blog_posts). */
export function createBlogRepository() {
  return {
    async listPublished(db: DbOrTx, limit: number): Promise<BlogPostRow[]> {
      return db
        .select()
        .from(blogPosts)
        .where(eq(blogPosts.status, 'published'))
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(limit);
    },
    async listAll(db: DbOrTx, limit: number): Promise<BlogPostRow[]> {
      return db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id)).limit(limit);
    },
    async findPublishedBySlug(db: DbOrTx, slug: string): Promise<BlogPostRow | null> {
      const [row] = await db
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')))
        .limit(1);
      return row ?? null;
    },
    async findById(db: DbOrTx, id: string): Promise<BlogPostRow | null> {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
      return row ?? null;
    },
    async insert(db: DbOrTx, row: NewBlogPost): Promise<BlogPostRow> {
      const [created] = await db.insert(blogPosts).values(row).returning();
      return created!;
    },
    /** Inserts unless a post with the slug exists (the seed, on every node). */
    async insertIfAbsent(db: DbOrTx, row: NewBlogPost): Promise<void> {
      await db.insert(blogPosts).values(row).onConflictDoNothing({ target: blogPosts.slug });
    },
    async update(db: DbOrTx, id: string, patch: Partial<NewBlogPost>): Promise<BlogPostRow | null> {
      const [row] = await db
        .update(blogPosts)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(blogPosts.id, id))
        .returning();
      return row ?? null;
    },
    async remove(db: DbOrTx, id: string): Promise<boolean> {
      const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
      return rows.length > 0;
    },
    async count(db: DbOrTx): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts);
      return row?.n ?? 0;
    },
  };
}
export type BlogRepository = ReturnType<typeof createBlogRepository>;
