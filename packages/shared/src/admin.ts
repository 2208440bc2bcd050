import { z } from 'zod';

/** `POST /api/admin/users/:id/ban` (admin): the reason is shown to the user in the ban modal. */
export const BanBody = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'Give the reason the user will see')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .strict();
export type BanBody = z.infer<typeof BanBody>;

export const AdminUserParams = z.object({ id: z.string().min(1).max(64) });
export type AdminUserParams = z.infer<typeof AdminUserParams>;

export const BanResponse = z
  .object({ user: z.object({ _id: z.string(), banned: z.object({ is: z.boolean(), reason: z.string().nullable() }) }) })
  .meta({ id: 'BanResponse' });
export type BanResponse = z.infer<typeof BanResponse>;
