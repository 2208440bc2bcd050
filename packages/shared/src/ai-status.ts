import { z } from 'zod';

/**
 * Health of the engine that writes her replies (SPEC §4 `get_lifecheck_ai`, §7 "server AI status").
 * ok: replies are flowing; degraded: the last reply failed or needed retries; down: several replies
 * in a row failed. The built-in engine is always ok.
 */
export const aiHealthStates = ['ok', 'degraded', 'down'] as const;
export const AiHealth = z.enum(aiHealthStates);
export type AiHealth = z.infer<typeof AiHealth>;

export const AiStatus = z
  .object({
    /** `builtin` or `openai`. */
    engine: z.string(),
    status: AiHealth,
    /** When the last failure happened (ISO), null if none since start. */
    lastErrorAt: z.string().nullable(),
    /** When the status last changed (ISO). */
    since: z.string(),
  })
  .meta({ id: 'AiStatus' });
export type AiStatus = z.infer<typeof AiStatus>;

export const AiStatusResponse = z.object({ data: AiStatus });
