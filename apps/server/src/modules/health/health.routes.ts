import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import type { Db } from '../../db/client.ts';

export function healthRoutes(app: AppInstance, deps: { db: Db; dbKind: 'pglite' | 'postgres' }): void {
  app.get(
    '/api/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['platform'],
        summary: 'Ready once the database is migrated',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string(), uptime: z.number() }) },
      },
    },
    async () => {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: deps.dbKind, uptime: Math.round(process.uptime()) };
    },
  );
}
