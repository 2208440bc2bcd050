import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatFeedback, platformEvents, type ChatFeedbackRow } from '../../db/schema/platform.ts';
import { settings } from '../../db/schema/settings.ts';

/** Platform state: flags kept in the settings table, feedback rows and client event logs. */
export function createPlatformRepository() {
  return {
    async getFlag(db: DbOrTx, key: string): Promise<unknown> {
      const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
      return row?.value ?? null;
    },
    async setFlag(db: DbOrTx, key: string, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },
    async insertFeedback(db: DbOrTx, row: typeof chatFeedback.$inferInsert): Promise<ChatFeedbackRow> {
      const [inserted] = await db.insert(chatFeedback).values(row).returning();
      return inserted!;
    },
    async insertEvent(db: DbOrTx, row: typeof platformEvents.$inferInsert): Promise<void> {
      await db.insert(platformEvents).values(row);
    },
  };
}
export type PlatformRepository = ReturnType<typeof createPlatformRepository>;
