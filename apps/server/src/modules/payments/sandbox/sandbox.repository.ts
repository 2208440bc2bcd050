import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  sandboxCards,
  sandboxOutbox,
  sandboxSessions,
  type SandboxOutboxRow,
  type SandboxSessionRow,
} from '../../../db/schema/payments.ts';

type SessionStatus = SandboxSessionRow['status'];

/** The sandbox processor's own tables. */
export function createSandboxRepository() {
  return {
    async insertSession(db: DbOrTx, row: typeof sandboxSessions.$inferInsert): Promise<SandboxSessionRow> {
      const [r] = await db.insert(sandboxSessions).values(row).returning();
      return r!;
    },
    async findSession(db: DbOrTx, id: string): Promise<SandboxSessionRow | null> {
      const [r] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id)).limit(1);
      return r ?? null;
    },
    /** Moves a session on only from the expected states, so a double submit acts once. */
    async transition(
      db: DbOrTx,
      id: string,
      from: SessionStatus[],
      to: SessionStatus,
      patch: { cardId?: string } = {},
    ): Promise<SandboxSessionRow | null> {
      const [r] = await db
        .update(sandboxSessions)
        .set({ status: to, updatedAt: new Date(), ...patch })
        .where(and(eq(sandboxSessions.id, id), inArray(sandboxSessions.status, from)))
        .returning();
      return r ?? null;
    },
    async nextEventSeq(db: DbOrTx, id: string): Promise<number> {
      const [r] = await db
        .update(sandboxSessions)
        .set({ eventSeq: sql`${sandboxSessions.eventSeq} + 1` })
        .where(eq(sandboxSessions.id, id))
        .returning({ seq: sandboxSessions.eventSeq });
      return r?.seq ?? 0;
    },
    /** Sessions stuck in `processing` since before `before` (their node died mid-wait). */
    async processingSince(db: DbOrTx, before: Date, limit: number): Promise<SandboxSessionRow[]> {
      return db
        .select()
        .from(sandboxSessions)
        .where(and(eq(sandboxSessions.status, 'processing'), lt(sandboxSessions.updatedAt, before)))
        .limit(limit);
    },
    async enqueue(db: DbOrTx, rows: (typeof sandboxOutbox.$inferInsert)[]): Promise<SandboxOutboxRow[]> {
      if (!rows.length) return [];
      return db.insert(sandboxOutbox).values(rows).returning();
    },
    /** Deliveries due by `now` that no node holds. */
    async dueDeliveries(db: DbOrTx, now: Date, limit: number): Promise<SandboxOutboxRow[]> {
      return db
        .select()
        .from(sandboxOutbox)
        .where(
          and(
            lte(sandboxOutbox.dueAt, now),
            or(isNull(sandboxOutbox.claimedUntil), lt(sandboxOutbox.claimedUntil, new Date())),
          ),
        )
        .orderBy(asc(sandboxOutbox.dueAt))
        .limit(limit);
    },
    /** Claims one delivery attempt (a conditional update: one node wins); counts the attempt. */
    async claimDelivery(db: DbOrTx, id: string, now: Date, until: Date): Promise<SandboxOutboxRow | null> {
      const [r] = await db
        .update(sandboxOutbox)
        .set({ claimedUntil: until, attempts: sql`${sandboxOutbox.attempts} + 1` })
        .where(
          and(
            eq(sandboxOutbox.id, id),
            lte(sandboxOutbox.dueAt, now),
            or(isNull(sandboxOutbox.claimedUntil), lt(sandboxOutbox.claimedUntil, new Date())),
          ),
        )
        .returning();
      return r ?? null;
    },
    async delivered(db: DbOrTx, id: string): Promise<void> {
      await db.delete(sandboxOutbox).where(eq(sandboxOutbox.id, id));
    },
    async retryAt(db: DbOrTx, id: string, dueAt: Date): Promise<void> {
      await db.update(sandboxOutbox).set({ dueAt, claimedUntil: null }).where(eq(sandboxOutbox.id, id));
    },
    async insertCard(db: DbOrTx, row: typeof sandboxCards.$inferInsert): Promise<void> {
      await db.insert(sandboxCards).values(row);
    },
    async deleteCard(db: DbOrTx, id: string): Promise<void> {
      await db.delete(sandboxCards).where(eq(sandboxCards.id, id));
    },
    async findCard(db: DbOrTx, id: string) {
      const [r] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, id)).limit(1);
      return r ?? null;
    },
  };
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
