import { and, asc, count, eq, inArray, lt, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media, type MediaRow } from '../../db/schema/bots.ts';
import { videoJobs, type VideoJobRow } from '../../db/schema/video-jobs.ts';

export type NewMediaRow = typeof media.$inferInsert;
export type NewVideoJob = typeof videoJobs.$inferInsert;
export type VideoJobPatch = Partial<Omit<NewVideoJob, 'id' | 'userId' | 'chatId'>>;

export function createMediaRepository() {
  return {
    /** Her images of the given categories that she shares at `maxLevel` or below. */
    async botImages(db: DbOrTx, botId: string, categories: string[], maxLevel: number): Promise<MediaRow[]> {
      if (!categories.length) return [];
      return db
        .select()
        .from(media)
        .where(
          and(
            eq(media.botId, botId),
            eq(media.kind, 'image'),
            inArray(media.category, categories),
            lte(media.level, maxLevel),
          ),
        )
        .orderBy(asc(media.sort));
    },
    async findByKey(db: DbOrTx, key: string): Promise<MediaRow | null> {
      const [row] = await db.select().from(media).where(eq(media.key, key)).limit(1);
      return row ?? null;
    },
    async insert(db: DbOrTx, row: NewMediaRow): Promise<void> {
      await db.insert(media).values(row).onConflictDoNothing();
    },

    async insertJob(db: DbOrTx, job: NewVideoJob): Promise<VideoJobRow> {
      const [row] = await db.insert(videoJobs).values(job).returning();
      return row!;
    },
    async deleteJob(db: DbOrTx, id: string): Promise<void> {
      await db.delete(videoJobs).where(eq(videoJobs.id, id));
    },
    async findJob(db: DbOrTx, id: string): Promise<VideoJobRow | null> {
      const [row] = await db.select().from(videoJobs).where(eq(videoJobs.id, id)).limit(1);
      return row ?? null;
    },
    async findJobByMessage(db: DbOrTx, userId: string, messageId: string): Promise<VideoJobRow | null> {
      const [row] = await db
        .select()
        .from(videoJobs)
        .where(and(eq(videoJobs.userId, userId), eq(videoJobs.messageId, messageId)))
        .limit(1);
      return row ?? null;
    },
    async pendingInChat(db: DbOrTx, chatId: string): Promise<VideoJobRow | null> {
      const [row] = await db
        .select()
        .from(videoJobs)
        .where(and(eq(videoJobs.chatId, chatId), eq(videoJobs.status, 'pending')))
        .limit(1);
      return row ?? null;
    },
    async countForUser(db: DbOrTx, userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(videoJobs).where(eq(videoJobs.userId, userId));
      return row?.n ?? 0;
    },
    async countDoneInChat(db: DbOrTx, chatId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(videoJobs)
        .where(and(eq(videoJobs.chatId, chatId), eq(videoJobs.status, 'done')));
      return row?.n ?? 0;
    },
    /** Pending jobs started before `before`: their node stopped while making them. */
    async lostJobs(db: DbOrTx, before: Date, limit: number): Promise<VideoJobRow[]> {
      return db
        .select()
        .from(videoJobs)
        .where(and(eq(videoJobs.status, 'pending'), lt(videoJobs.startedAt, before)))
        .orderBy(asc(videoJobs.startedAt))
        .limit(limit);
    },
    /**
     * Updates the job only while it is still the same pending attempt, so a lost job failed by the
     * sweep and a late result (or two sweeping nodes) cannot both win.
     */
    async updatePendingJob(
      db: DbOrTx,
      id: string,
      attempt: { attempts: number; startedBefore?: Date },
      patch: VideoJobPatch,
    ): Promise<VideoJobRow | null> {
      const [row] = await db
        .update(videoJobs)
        .set(patch)
        .where(
          and(
            eq(videoJobs.id, id),
            eq(videoJobs.status, 'pending'),
            eq(videoJobs.attempts, attempt.attempts),
            ...(attempt.startedBefore ? [lt(videoJobs.startedAt, attempt.startedBefore)] : []),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Starts the next attempt of a job that is not done, only if no one else started it since. */
    async claimRetry(db: DbOrTx, job: VideoJobRow, startedAt: Date): Promise<VideoJobRow | null> {
      const [row] = await db
        .update(videoJobs)
        .set({ status: 'pending', attempts: job.attempts + 1, startedAt, finishedAt: null, error: null })
        .where(
          and(eq(videoJobs.id, job.id), eq(videoJobs.attempts, job.attempts), ne(videoJobs.status, 'done')),
        )
        .returning();
      return row ?? null;
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
