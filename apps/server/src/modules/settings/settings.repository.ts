import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSecrets, settings } from '../../db/schema/settings.ts';

export function createSettingsRepository(db: DbOrTx) {
  return {
    async all(): Promise<Map<string, unknown>> {
      const rows = await db.select().from(settings);
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    async insertMissing(values: Record<string, unknown>): Promise<void> {
      const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
      if (rows.length) await db.insert(settings).values(rows).onConflictDoNothing();
    },
    async set(key: string, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
    },
    async remove(key: string): Promise<void> {
      await db.delete(settings).where(eq(settings.key, key));
    },
    secrets: {
      async insertMissing(values: Record<string, string>): Promise<void> {
        const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
        await db.insert(appSecrets).values(rows).onConflictDoNothing();
      },
      async read(): Promise<Record<string, string>> {
        const rows = await db.select().from(appSecrets);
        return Object.fromEntries(rows.map((r) => [r.key, r.value]));
      },
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
