import { z } from 'zod';

export const ledgerReasons = [
  'signup_bonus',
  'message',
  'open_chat',
  'command',
  'gift',
  'photo',
  'voice',
  'video',
  'purchase',
  'subscription',
  'refund',
  'chargeback',
  'reward',
  'promo',
  'admin',
  'account_deleted',
  'album',
] as const;
export const LedgerReason = z.enum(ledgerReasons);
export type LedgerReason = z.infer<typeof LedgerReason>;

export const LedgerEntry = z
  .object({
    _id: z.string(),
    delta: z.number().int(),
    balanceAfter: z.number().int(),
    reason: LedgerReason,
    reference: z.string().nullable(),
    date: z.string(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const WalletResponse = z.object({ tokens: z.number().int(), entries: z.array(LedgerEntry) });
export type WalletResponse = z.infer<typeof WalletResponse>;

/** SPEC §9: token counts use space thousand separators (zod-free, in rules.ts). */
export { formatTokens } from './rules.ts';
