import { and, asc, count, eq, inArray, isNull, lt, lte, max, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media, type MediaRow } from '../../db/schema/bots.ts';
import { chats, messages } from '../../db/schema/chats.ts';
import { users } from '../../db/schema/users.ts';
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
    /** Every media row of a character (her library, public art and what she made for users). */
    async ofBot(db: DbOrTx, botId: string): Promise<MediaRow[]> {
      return db.select().from(media).where(eq(media.botId, botId)).orderBy(asc(media.sort));
    },
    /** The most points the user has with her across chats (null: they never talked). */
    async pointsWith(db: DbOrTx, userId: string, botId: string): Promise<number | null> {
      const [row] = await db
        .select({ points: max(chats.points) })
        .from(chats)
        .where(and(eq(chats.userId, userId), eq(chats.botId, botId)));
      return row?.points ?? null;
    },
    async subscriptionOf(
      db: DbOrTx,
      userId: string,
    ): Promise<{ status: string; endDate: string | null } | null> {
      const [row] = await db
        .select({ status: users.subscriptionStatus, end: users.subscriptionEnd })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row ? { status: row.status, endDate: row.end?.toISOString() ?? null } : null;
    },
    /** Whether one of the user's messages holds `url` while still blurred (not paid for yet). */
    async lockedInMessage(db: DbOrTx, userId: string, url: string): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.userId, userId),
            eq(messages.isBlured, true),
            or(eq(messages.voice, url), eq(messages.photo, url), eq(messages.video, url)),
          ),
        )
        .limit(1);
      return Boolean(row);
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
