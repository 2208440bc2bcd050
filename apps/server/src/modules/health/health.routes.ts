import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';

export function healthRoutes(app: AppInstance): void {
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
      await app.ctx.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.ctx.dbKind, uptime: Math.round(process.uptime()) };
    },
  );
}
