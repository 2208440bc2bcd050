import { z } from 'zod';
import { Message } from './chat.ts';
import { giftIds } from './companion-rules.ts';
import { Language } from './enums.ts';

/*
 * The companion's rules that both sides need: the command vocabulary (DESIGN §4) and its schemas.
 * The pure rules (the personality mode quirk, what each level unlocks, the quick actions per mood,
 * the gift icon and the highlighted gift) live in `companion-rules.ts` and are re-exported here.
 */

export * from './companion-rules.ts';

export const GiftId = z.enum(giftIds);
export type GiftId = z.infer<typeof GiftId>;

export const commandNames = [
  'gift',
  'mode',
  'spicy',
  'voice',
  'request',
  'reset',
  'reload',
  'language',
] as const;
export const CommandName = z.enum(commandNames);
export type CommandName = z.infer<typeof CommandName>;

const onOff = z.enum(['on', 'off']);
export const requestKinds = ['photo', 'voice', 'video'] as const;
export const RequestKind = z.enum(requestKinds);
export type RequestKind = z.infer<typeof RequestKind>;

/** A parsed command. */
export const ChatCommand = z.discriminatedUnion('name', [
  z.object({ name: z.literal('gift'), gift: GiftId }),
  z.object({ name: z.literal('mode'), mode: z.enum(['gentle', 'dominant', 'submissive']) }),
  z.object({ name: z.literal('spicy'), on: z.boolean() }),
  z.object({ name: z.literal('voice'), on: z.boolean() }),
  z.object({ name: z.literal('request'), kind: RequestKind }),
  z.object({ name: z.literal('reset') }),
  z.object({ name: z.literal('reload') }),
  z.object({ name: z.literal('language'), language: Language }),
]);
export type ChatCommand = z.infer<typeof ChatCommand>;

/** Splits `name:arg` into the parsed command; anything outside the vocabulary is an error. */
export const CommandText = z
  .string()
  .trim()
  .min(1, 'Command is empty')
  .max(64)
  .transform((text, ctx): ChatCommand => {
    const [rawName = '', arg, ...rest] = text.split(':');
    const name = rawName.toLowerCase();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (rest.length > 0) return fail(`Unknown command "${text}"`);
    const noArg = name === 'reset' || name === 'reload';
    if (noArg !== (arg === undefined)) return fail(`Unknown command "${text}"`);
    const a = arg?.toLowerCase();
    const candidate: unknown =
      name === 'gift'
        ? { name, gift: a }
        : name === 'mode'
          ? { name, mode: a }
          : name === 'spicy' || name === 'voice'
            ? { name, on: onOff.safeParse(a).success ? a === 'on' : undefined }
            : name === 'request'
              ? { name, kind: a }
              : name === 'language'
                ? { name, language: a }
                : { name };
    const parsed = ChatCommand.safeParse(candidate);
    return parsed.success ? parsed.data : fail(`Unknown command "${text}"`);
  });

/** The command text for a parsed command (the inverse of CommandText). */
export function commandText(c: ChatCommand): string {
  switch (c.name) {
    case 'gift':
      return `gift:${c.gift}`;
    case 'mode':
      return `mode:${c.mode}`;
    case 'spicy':
    case 'voice':
      return `${c.name}:${c.on ? 'on' : 'off'}`;
    case 'request':
      return `request:${c.kind}`;
    case 'language':
      return `language:${c.language}`;
    default:
      return c.name;
  }
}

// ---------------------------------------------------------------------------------------------
// Around the messages: likes, read receipts, reset of all chats

export const ChatMessageParams = z.object({
  id: z.string().min(1).max(64),
  messageId: z.string().min(1).max(64),
});
export const LikeResponse = z.object({ message: Message });
export const ReadResponse = z.object({ updated: z.number().int() });
export const ResetAllResponse = z.object({ reset: z.number().int() });
