import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  dailyRewardClaims,
  referralCodes,
  referrals,
  rewardTasks,
  type RewardTaskRow,
} from '../../db/schema/rewards.ts';
import { settings } from '../../db/schema/settings.ts';
import { users } from '../../db/schema/users.ts';

/** Daily claims, reward tasks, referrals, and the reward settings rows (settings keys `rewards`, `rewardsQuiz`). */
export function createRewardsRepository() {
  return {
    // ---- settings rows
    async readSetting(db: DbOrTx, key: string): Promise<unknown> {
      const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
      return row?.value;
    },
    async writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },
    async seedSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
      await db.insert(settings).values({ key, value }).onConflictDoNothing();
    },

    // ---- daily
    async lastClaim(db: DbOrTx, userId: string) {
      const [row] = await db
        .select()
        .from(dailyRewardClaims)
        .where(eq(dailyRewardClaims.userId, userId))
        .orderBy(desc(dailyRewardClaims.day))
        .limit(1);
      return row ?? null;
    },
    async insertClaim(
      db: DbOrTx,
      row: { id: string; userId: string; day: string; streakDay: number; streak: number; tokens: number },
    ): Promise<void> {
      await db.insert(dailyRewardClaims).values(row);
    },

    // ---- tasks
    async tasksOf(db: DbOrTx, userId: string): Promise<RewardTaskRow[]> {
      return db.select().from(rewardTasks).where(eq(rewardTasks.userId, userId));
    },
    async findTask(db: DbOrTx, userId: string, actionName: string): Promise<RewardTaskRow | null> {
      const [row] = await db
        .select()
        .from(rewardTasks)
        .where(and(eq(rewardTasks.userId, userId), eq(rewardTasks.actionName, actionName)))
        .limit(1);
      return row ?? null;
    },
    /** Makes the task pending unless it is already pending, verified or claimed. Returns the row when it moved. */
    async markPending(db: DbOrTx, userId: string, actionName: string, id: string, now: Date) {
      const [row] = await db
        .insert(rewardTasks)
        .values({ id, userId, actionName, status: 'pending', pendingAt: now })
        .onConflictDoUpdate({
          target: [rewardTasks.userId, rewardTasks.actionName],
          set: { status: 'pending', pendingAt: now, verifiedAt: null },
          setWhere: eq(rewardTasks.status, 'rejected'),
        })
        .returning();
      return row ?? null;
    },
    /** Pending tasks of `actionName` that went pending at or before `before` become verified. */
    async verifyDue(db: DbOrTx, actionName: string, before: Date, now: Date, userId?: string): Promise<void> {
      await db
        .update(rewardTasks)
        .set({ status: 'verified', verifiedAt: now })
        .where(
          and(
            eq(rewardTasks.actionName, actionName),
            eq(rewardTasks.status, 'pending'),
            lte(rewardTasks.pendingAt, before),
            ...(userId ? [eq(rewardTasks.userId, userId)] : []),
          ),
        );
    },
    /** The operator's decision on a pending task; null when it is not pending (any more). */
    async decide(db: DbOrTx, id: string, status: 'verified' | 'rejected', now: Date) {
      const [row] = await db
        .update(rewardTasks)
        .set({ status, verifiedAt: status === 'verified' ? now : null })
        .where(and(eq(rewardTasks.id, id), eq(rewardTasks.status, 'pending')))
        .returning();
      return row ?? null;
    },
    /** verified → claimed, once (a conditional update): the caller credits only when this returns a row. */
    async claimTask(db: DbOrTx, userId: string, actionName: string, tokens: number, now: Date) {
      const [row] = await db
        .update(rewardTasks)
        .set({ status: 'claimed', claimedAt: now, tokens })
        .where(
          and(
            eq(rewardTasks.userId, userId),
            eq(rewardTasks.actionName, actionName),
            eq(rewardTasks.status, 'verified'),
          ),
        )
        .returning();
      return row ?? null;
    },
    async pendingTasks(db: DbOrTx, limit: number) {
      return db
        .select({
          id: rewardTasks.id,
          userId: rewardTasks.userId,
          email: users.email,
          actionName: rewardTasks.actionName,
          pendingAt: rewardTasks.pendingAt,
        })
        .from(rewardTasks)
        .innerJoin(users, eq(users.id, rewardTasks.userId))
        .where(eq(rewardTasks.status, 'pending'))
        .orderBy(asc(rewardTasks.pendingAt))
        .limit(limit);
    },

    // ---- referrals
    async codeOf(db: DbOrTx, userId: string): Promise<string | null> {
      const [row] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId)).limit(1);
      return row?.code ?? null;
    },
    /** Inserts the code unless the user has one; returns the user's code either way (null on a code clash). */
    async insertCode(db: DbOrTx, userId: string, code: string): Promise<void> {
      await db
        .insert(referralCodes)
        .values({ userId, code })
        .onConflictDoNothing({ target: referralCodes.userId });
    },
    async ownerOfCode(db: DbOrTx, code: string): Promise<string | null> {
      const [row] = await db.select().from(referralCodes).where(eq(referralCodes.code, code)).limit(1);
      return row?.userId ?? null;
    },
    /** One inviter per invitee (the primary key); false when the invitee already has one. */
    async insertReferral(db: DbOrTx, inviteeId: string, inviterId: string): Promise<boolean> {
      const rows = await db
        .insert(referrals)
        .values({ inviteeId, inviterId })
        .onConflictDoNothing({ target: referrals.inviteeId })
        .returning({ id: referrals.inviteeId });
      return rows.length > 0;
    },
    async referralOf(db: DbOrTx, inviteeId: string) {
      const [row] = await db.select().from(referrals).where(eq(referrals.inviteeId, inviteeId)).limit(1);
      return row ?? null;
    },
    /** Marks the invitee's referral rewarded by this payment, once ever. Returns the inviter when it did. */
    async markRewarded(db: DbOrTx, inviteeId: string, paymentId: string, tokens: number, now: Date) {
      const [row] = await db
        .update(referrals)
        .set({ rewardedPaymentId: paymentId, tokens, rewardedAt: now })
        .where(and(eq(referrals.inviteeId, inviteeId), isNull(referrals.rewardedPaymentId)))
        .returning();
      return row ?? null;
    },
    /** Marks the reward of this payment reversed, once. Returns the referral when it did. */
    async markReversed(db: DbOrTx, inviteeId: string, paymentId: string, now: Date) {
      const [row] = await db
        .update(referrals)
        .set({ reversedAt: now })
        .where(
          and(
            eq(referrals.inviteeId, inviteeId),
            eq(referrals.rewardedPaymentId, paymentId),
            isNull(referrals.reversedAt),
          ),
        )
        .returning();
      return row ?? null;
    },
    async invitedBy(db: DbOrTx, inviterId: string, limit: number) {
      return db
        .select({
          name: users.name,
          joinedAt: referrals.createdAt,
          rewardedAt: referrals.rewardedAt,
          reversedAt: referrals.reversedAt,
          tokens: referrals.tokens,
        })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.inviteeId))
        .where(eq(referrals.inviterId, inviterId))
        .orderBy(desc(referrals.createdAt))
        .limit(limit);
    },
    async earnedBy(db: DbOrTx, inviterId: string): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string | null>`sum(${referrals.tokens})` })
        .from(referrals)
        .where(and(eq(referrals.inviterId, inviterId), isNull(referrals.reversedAt)));
      return Number(row?.sum ?? 0);
    },
    async usersExist(db: DbOrTx, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type RewardsRepository = ReturnType<typeof createRewardsRepository>;
