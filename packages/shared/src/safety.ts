import { z } from 'zod';

/** The safety layer (decisions 044–046): crisis help and the under-18 age review. */
export const SafetyEventKind = z.enum(['crisis', 'minor']);
export type SafetyEventKind = z.infer<typeof SafetyEventKind>;

/** `GET /api/safety/status`: whether the caller's account is on hold for age review. */
export const SafetyStatusResponse = z
  .object({
    ageReview: z.boolean(),
    /** `review` while an operator has not decided; `closed` once the account was closed. */
    status: z.enum(['none', 'review', 'closed']),
  })
  .meta({ id: 'SafetyStatus' });
export type SafetyStatusResponse = z.infer<typeof SafetyStatusResponse>;

export const SafetyEventView = z
  .object({
    _id: z.string(),
    createdAt: z.string(),
    kind: SafetyEventKind,
    userId: z.string(),
    userEmail: z.string().nullable(),
    chatId: z.string().nullable(),
    excerpt: z.string(),
    language: z.string(),
    statedAge: z.number().int().nullable(),
    profileAge: z.number().int().nullable(),
    /** The account's hold now: none, under review, or closed. */
    hold: z.enum(['none', 'review', 'closed']),
  })
  .meta({ id: 'SafetyEvent' });
export type SafetyEventView = z.infer<typeof SafetyEventView>;

/** `GET /api/admin/safety/events` (admin): newest first, at most 100. */
export const SafetyEventsResponse = z.object({ data: z.array(SafetyEventView) }).meta({ id: 'SafetyEvents' });
export type SafetyEventsResponse = z.infer<typeof SafetyEventsResponse>;

/** `POST /api/admin/safety/users/:id/restore|close` (admin). */
export const SafetyHoldResponse = z
  .object({ userId: z.string(), hold: z.enum(['none', 'review', 'closed']) })
  .meta({ id: 'SafetyHold' });
export type SafetyHoldResponse = z.infer<typeof SafetyHoldResponse>;
