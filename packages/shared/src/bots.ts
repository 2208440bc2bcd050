import { z } from 'zod';
import { BotType, Sex } from './enums.ts';

export const LocalizedText = z.object({ en: z.string(), ru: z.string() });
export type LocalizedText = z.infer<typeof LocalizedText>;

/** The Bot entity of SPEC §3. `photos` are media URLs; the main one contains "main". */
export const Bot = z
  .object({
    _id: z.string(),
    remote_id: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    sex: Sex,
    type: BotType,
    body_type: z.string(),
    hobbies: z.array(z.string()),
    hobbies_ru: z.array(z.string()),
    desc: LocalizedText,
    photos: z.array(z.string()),
    avatar: z.string().nullable(),
    video_avatar: z.string().nullable(),
    is_video: z.boolean(),
    video_quality: z.number().int(),
    events: z.array(z.string()),
  })
  .meta({ id: 'Bot' });
export type Bot = z.infer<typeof Bot>;

export const BotListQuery = z.object({
  type: z.enum(['all', 'anime', 'realistic', 'video']).default('all'),
});
export const BotListResponse = z.object({ data: z.array(Bot) });
export const BotResponse = z.object({ data: Bot });
export const IdParam = z.object({ id: z.string().min(1).max(64) });

/** The main photo of a bot (zod-free, in rules.ts). */
export { mainPhoto } from './rules.ts';
