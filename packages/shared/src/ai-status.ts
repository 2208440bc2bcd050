import { z } from 'zod';
import { Language } from './enums.ts';

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
    /**
     * The chat languages the active engine writes (issue 10 item 6): all 13 of SPEC §3 with the
     * OpenAI-compatible engine, English and Russian with the built-in one. The chat-language
     * picker offers only these; the server refuses the others (409).
     */
    languages: z.array(Language),
  })
  .meta({ id: 'AiStatus' });
export type AiStatus = z.infer<typeof AiStatus>;

export const AiStatusResponse = z.object({ data: AiStatus });
