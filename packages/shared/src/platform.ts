import { z } from 'zod';
import { TrafficSource } from './enums.ts';
import { userText } from './text-schema.ts';

/** `GET /api/settings/maintenance` (SPEC §7): polled every 5 minutes by the web app. */
export const MaintenanceResponse = z
  .object({ data: z.object({ maintenance: z.boolean() }) })
  .meta({ id: 'MaintenanceResponse' });
export type MaintenanceResponse = z.infer<typeof MaintenanceResponse>;

export const MaintenanceBody = z.object({ maintenance: z.boolean() }).strict();
export type MaintenanceBody = z.infer<typeof MaintenanceBody>;

const utmValue = userText().max(200).nullish();

/** `POST /api/user/utm`: the campaign parameters the visitor arrived with (SPEC §2, §7). */
export const UtmBody = z
  .object({
    utmSource: utmValue,
    utmMedium: utmValue,
    utmCampaign: utmValue,
    utmTerm: utmValue,
    utmContent: utmValue,
    utmRetarget: utmValue,
    priceDiff: utmValue,
    isExpat: z.enum(['true', 'false']).nullish(),
    /** SPEC §3 traffic source, when the landing page knows it (else derived from `utmSource`). */
    source: TrafficSource.nullish(),
  })
  .strict();
export type UtmBody = z.infer<typeof UtmBody>;

export const OkResponse = z.object({ ok: z.literal(true) });

/** `POST /api/chat/:id/feedback`. */
export const FeedbackBody = z
  .object({
    rating: z.number().int().min(1, 'Rating is 1 to 5').max(5, 'Rating is 1 to 5'),
    text: userText().max(2000, 'Feedback must be at most 2000 characters').default(''),
  })
  .strict();
export type FeedbackBody = z.infer<typeof FeedbackBody>;

export const FeedbackResponse = z.object({
  feedback: z.object({ _id: z.string(), rating: z.number().int(), text: z.string(), createdAt: z.string() }),
});

/** `POST /api/auth/twa` (SPEC §7). */
export const TwaBody = z
  .object({
    initData: z.string().min(1, 'initData is required').max(4096),
    ip: z.string().max(64).optional(),
  })
  .strict();
export type TwaBody = z.infer<typeof TwaBody>;
export const TwaResponse = z.object({ token: z.object({ token: z.string() }) });

/** `POST /api/events/tma-log` (SPEC §7). */
export const TmaLogBody = z
  .object({
    userId: z.string().max(64).nullish(),
    username: userText().max(64).nullish(),
    start_param: userText().max(512).nullish(),
    platform: userText().max(32).nullish(),
    timestamp: z.number().int().nonnegative(),
  })
  .strict();
export type TmaLogBody = z.infer<typeof TmaLogBody>;

export const ThemeName = z.enum(['default', 'halloween']);
export type ThemeName = z.infer<typeof ThemeName>;

/** A seasonal theme event (SPEC §3 Event). */
export const ThemeEvent = z.object({ _id: z.string(), name: z.string(), isActive: z.boolean() }).meta({
  id: 'ThemeEvent',
});
export type ThemeEvent = z.infer<typeof ThemeEvent>;
export const ThemeEventResponse = z.object({ event: ThemeEvent });
/** `GET /api/events` (SPEC §7 /events): every seasonal theme event and whether it is on. */
export const ThemeEventsResponse = z
  .object({ events: z.array(ThemeEvent) })
  .meta({ id: 'ThemeEventsResponse' });
export const ThemeEventParams = z.object({ name: z.string().trim().min(1).max(64) });
export const ThemeEventBody = z.object({ isActive: z.boolean() }).strict();

/** Operator inbox (`/api/admin/support/*`). */
export const SupportConversation = z.object({
  chatId: z.string(),
  user: z.object({ _id: z.string(), email: z.string(), name: z.string().nullable() }),
  lastMessage: z.object({ message: z.string(), self: z.boolean(), date: z.string() }).nullable(),
  awaitingReply: z.boolean(),
});
export type SupportConversation = z.infer<typeof SupportConversation>;
export const SupportInboxResponse = z.object({ data: z.array(SupportConversation) });
export const SupportChatParams = z.object({ chatId: z.string().min(1).max(64) });
export const SupportReplyBody = z
  .object({ message: userText().min(1, 'Write a reply').max(4000, 'Reply is too long') })
  .strict();
export type SupportReplyBody = z.infer<typeof SupportReplyBody>;

/** `POST /api/user/delete`: the 'Are you sure?' answer travels with the request. */
export const DeleteAccountBody = z.object({ confirm: z.literal(true, 'Confirm the deletion') }).strict();
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;
