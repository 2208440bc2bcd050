import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { sandboxCards, sandboxSessions, type SandboxSessionRow } from '../../../db/schema/payments.ts';

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
    async insertCard(db: DbOrTx, row: typeof sandboxCards.$inferInsert): Promise<void> {
      await db.insert(sandboxCards).values(row);
    },
    async findCard(db: DbOrTx, id: string) {
      const [r] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, id)).limit(1);
      return r ?? null;
    },
  };
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
