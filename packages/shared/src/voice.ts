import { z } from 'zod';

/**
 * How a character sounds with the built-in voice (espeak-ng): a voice variant, pitch and speed.
 * Stored on the character (`bots.voice`); a character without one gets a default chosen from her
 * sex and id. The language is not part of it: it follows the chat (decision 051).
 */
export const CharacterVoice = z.object({
  /** An espeak-ng variant: f1..f5, m1..m8, or a named one such as "Annie" or "Andy". */
  variant: z.string().regex(/^[A-Za-z0-9]{1,24}$/),
  /** 0..99 (espeak's default is 50). */
  pitch: z.number().int().min(0).max(99),
  /** Words per minute (espeak's default is 175). */
  speed: z.number().int().min(80).max(260),
});
export type CharacterVoice = z.infer<typeof CharacterVoice>;
