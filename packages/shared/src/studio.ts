import { z } from 'zod';
import { Bot } from './bots.ts';
import { BotType, Sex } from './enums.ts';
import { Persona } from './persona.ts';
import { userText } from './text-schema.ts';
import { CharacterVoice } from './voice.ts';

/**
 * The operator's character studio (issue 11 item 3): create, edit, hide and delete characters,
 * upload her photos and videos by level, import and export Character Cards.
 */

const words = z.array(userText().min(1).max(80)).max(20);
const lines = z.array(userText().min(1).max(600)).max(40);
const bi = <T extends z.ZodType>(s: T) => z.object({ en: s, ru: s });

/** The Character Card fields Amora keeps for export (SillyTavern names). */
export const StudioCardFields = z.object({
  description: z.string().max(50_000),
  personality: z.string().max(50_000),
  scenario: z.string().max(50_000),
  first_mes: z.string().max(50_000),
  mes_example: z.string().max(50_000),
  creator_notes: z.string().max(50_000),
  system_prompt: z.string().max(50_000),
  post_history_instructions: z.string().max(50_000),
  alternate_greetings: z.array(z.string().max(50_000)).max(100),
  tags: z.array(z.string().max(100)).max(200),
  creator: z.string().max(200),
  character_version: z.string().max(100),
});
export type StudioCardFields = z.infer<typeof StudioCardFields>;

export const StudioMediaView = z
  .object({
    _id: z.string(),
    /** A URL the operator's browser can open (signed for him when the file is gated). */
    url: z.string(),
    kind: z.enum(['image', 'video']),
    category: z.string(),
    level: z.number().int().min(1).max(4),
    mime: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    size: z.number().int(),
  })
  .meta({ id: 'StudioMedia' });
export type StudioMediaView = z.infer<typeof StudioMediaView>;

/** A character as the studio sees her: the public Bot plus everything an operator edits. */
export const StudioBot = Bot.extend({
  active: z.boolean(),
  sort: z.number().int(),
  persona: Persona.nullable(),
  voice: CharacterVoice.nullable(),
  card: StudioCardFields.nullable(),
  media: z.array(StudioMediaView),
}).meta({ id: 'StudioBot' });
export type StudioBot = z.infer<typeof StudioBot>;

export const StudioBotListResponse = z.object({ data: z.array(StudioBot) });
export const StudioBotResponse = z.object({ data: StudioBot });

/**
 * `POST /api/admin/bots` and `PATCH /api/admin/bots/:id`. The persona's common parts (backstory,
 * personality, greetings) have their own fields; `persona` replaces the whole persona (advanced).
 * A new character without one gets a plain persona built from these fields.
 */
export const StudioBotInput = z
  .object({
    name: userText().min(1).max(80),
    age: z.number().int().min(18).max(99),
    sex: Sex,
    type: BotType,
    body_type: userText().max(40),
    hobbies: bi(words),
    desc: bi(userText().min(1).max(2000)),
    backstory: bi(userText().min(1).max(600)).optional(),
    personality: bi(words.min(1)).optional(),
    greetings: bi(lines.min(1)).optional(),
    persona: Persona.optional(),
    voice: CharacterVoice.nullable().optional(),
    is_video: z.boolean(),
    video_quality: z.number().int().min(0).max(10),
    events: z.array(z.string().min(1).max(40)).max(20),
    active: z.boolean(),
    sort: z.number().int().min(-1_000_000).max(1_000_000),
  })
  .strict();
export type StudioBotInput = z.infer<typeof StudioBotInput>;
export const StudioBotPatch = StudioBotInput.partial().strict();
export type StudioBotPatch = z.infer<typeof StudioBotPatch>;

export const StudioBotParams = z.object({ id: z.string().min(1).max(64) });
export const StudioMediaParams = z.object({
  id: z.string().min(1).max(64),
  mediaId: z.string().min(1).max(64),
});

/** Form fields sent with an uploaded photo or video (multipart, before the file). */
export const StudioUploadFields = z.object({
  level: z.coerce.number().int().min(1).max(4),
  category: z
    .enum(['main', 'photo', 'selfie', 'non-explicit', 'lingerie', 'video_avatar', 'video'])
    .default('photo'),
});
export type StudioUploadFields = z.infer<typeof StudioUploadFields>;

export const StudioMediaResponse = z.object({ data: StudioMediaView });
export const StudioMediaPatch = z.object({ level: z.number().int().min(1).max(4) }).strict();
export const DeletedResponse = z.object({ data: z.object({ deleted: z.literal(true) }) });
