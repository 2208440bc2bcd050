import { z } from 'zod';

/** A banned user's appeal to the operators (decision 037): one open at a time. */
export const AppealBody = z
  .object({ message: z.string().trim().min(1, 'Write your appeal').max(2000) })
  .strict();
export type AppealBody = z.infer<typeof AppealBody>;

export const AppealResponse = z.object({ ok: z.literal(true), chatId: z.string() });
export type AppealResponse = z.infer<typeof AppealResponse>;
