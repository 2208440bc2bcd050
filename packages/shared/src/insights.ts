import { z } from 'zod';
import { Role } from './enums.ts';

/** The longest range the operator's numbers cover at once (a year and a day). */
export const MAX_KPI_DAYS = 366;

const DAY_MS = 86_400_000;

/** Days from `from` to `to` inclusive (ISO dates, UTC). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included): from ≤ to, at most 366 days. */
export const KpiRangeQuery = z
  .object({
    from: z.iso.date('Give `from` as an ISO date (YYYY-MM-DD)'),
    to: z.iso.date('Give `to` as an ISO date (YYYY-MM-DD)'),
  })
  .strict()
  .superRefine((q, ctx) => {
    const from = Date.parse(`${q.from}T00:00:00Z`);
    const to = Date.parse(`${q.to}T00:00:00Z`);
    if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: '`from` must not be after `to`' });
    else if ((to - from) / DAY_MS + 1 > MAX_KPI_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `The range is at most ${MAX_KPI_DAYS} days` });
  });
export type KpiRangeQuery = z.infer<typeof KpiRangeQuery>;

/** One UTC day of the operator's numbers (amounts of money are in `revenue`, by currency). */
export const KpiDay = z
  .object({
    day: z.string(),
    signups: z.number().int(),
    activeUsers: z.number().int(),
    payingUsers: z.number().int(),
    firstPayments: z.number().int(),
    messages: z.number().int(),
    replies: z.number().int(),
    tokensBought: z.number().int(),
    tokensGranted: z.number().int(),
    tokensSpent: z.number().int(),
    subscriptionsStarted: z.number().int(),
    subscriptionsRenewed: z.number().int(),
    subscriptionsFailed: z.number().int(),
    subscriptionsCancelled: z.number().int(),
    refunds: z.number().int(),
    chargebacks: z.number().int(),
  })
  .meta({ id: 'KpiDay' });
export type KpiDay = z.infer<typeof KpiDay>;
export type KpiCounter = Exclude<keyof KpiDay, 'day'>;

/** Money taken on a day through one provider in one currency (minor units: cents, stars). */
export const KpiRevenueRow = z
  .object({
    day: z.string(),
    provider: z.string(),
    currency: z.string(),
    amount: z.number().int(),
    payments: z.number().int(),
  })
  .meta({ id: 'KpiRevenueRow' });
export type KpiRevenueRow = z.infer<typeof KpiRevenueRow>;

/** Money given back on a day (refunds, chargebacks) in one currency. */
export const KpiReversalRow = z
  .object({
    day: z.string(),
    kind: z.enum(['refund', 'chargeback']),
    currency: z.string(),
    amount: z.number().int(),
    payments: z.number().int(),
  })
  .meta({ id: 'KpiReversalRow' });
export type KpiReversalRow = z.infer<typeof KpiReversalRow>;

/** Tokens that moved on a day for one ledger reason: credited (positive) and debited (positive). */
export const KpiTokenRow = z
  .object({ day: z.string(), reason: z.string(), credited: z.number().int(), debited: z.number().int() })
  .meta({ id: 'KpiTokenRow' });
export type KpiTokenRow = z.infer<typeof KpiTokenRow>;

export const KpiCurrencyValue = z.object({ currency: z.string(), value: z.number() });
export type KpiCurrencyValue = z.infer<typeof KpiCurrencyValue>;

export const KpiCharacter = z.object({
  botId: z.string(),
  name: z.string(),
  messages: z.number().int(),
  tokens: z.number().int(),
});
export type KpiCharacter = z.infer<typeof KpiCharacter>;

export const KpiTotals = z
  .object({
    signups: z.number().int(),
    /** Distinct users who wrote at least one message in the range. */
    activeUsers: z.number().int(),
    /** Distinct users with at least one payment credited in the range. */
    payingUsers: z.number().int(),
    firstPayments: z.number().int(),
    /** Of the users who signed up in the range, the share whose first payment is in the range (0–1). */
    conversion: z.number(),
    messages: z.number().int(),
    replies: z.number().int(),
    tokensBought: z.number().int(),
    tokensGranted: z.number().int(),
    tokensSpent: z.number().int(),
    subscriptionsStarted: z.number().int(),
    subscriptionsRenewed: z.number().int(),
    subscriptionsFailed: z.number().int(),
    subscriptionsCancelled: z.number().int(),
    refunds: z.number().int(),
    chargebacks: z.number().int(),
    revenue: z.array(KpiRevenueRow.omit({ day: true })),
    reversed: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
    /** Revenue per active user and per paying user, per currency (minor units). */
    arpu: z.array(KpiCurrencyValue),
    arppu: z.array(KpiCurrencyValue),
  })
  .meta({ id: 'KpiTotals' });
export type KpiTotals = z.infer<typeof KpiTotals>;

/** `GET /api/admin/kpis?from=&to=`: every figure straight from the ledger, payments, users and messages. */
export const KpiResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    series: z.array(KpiDay),
    revenue: z.array(KpiRevenueRow),
    reversals: z.array(KpiReversalRow),
    tokens: z.array(KpiTokenRow),
    totals: KpiTotals,
    topCharacters: z.object({ byMessages: z.array(KpiCharacter), byRevenue: z.array(KpiCharacter) }),
  })
  .meta({ id: 'KpiResponse' });
export type KpiResponse = z.infer<typeof KpiResponse>;

/** `PUT /api/admin/users/:id/role`: a partner is tied to the traffic whose utm_source or affiliate_platform is `partnerSource`. */
export const PartnerSource = z
  .string()
  .trim()
  .min(1, 'Give the partner’s traffic source')
  .max(100, 'The source must be at most 100 characters')
  .regex(/^[\w.-]+$/, 'Use letters, digits, dots, hyphens and underscores');
export const RoleBody = z
  .object({ role: Role, partnerSource: PartnerSource.nullable().optional() })
  .strict()
  .superRefine((b, ctx) => {
    if (b.role === 'partner' && !b.partnerSource)
      ctx.addIssue({ code: 'custom', path: ['partnerSource'], message: 'A partner needs a traffic source' });
  });
export type RoleBody = z.infer<typeof RoleBody>;
export const RoleResponse = z
  .object({ user: z.object({ _id: z.string(), role: Role, partnerSource: z.string().nullable() }) })
  .meta({ id: 'RoleResponse' });
export type RoleResponse = z.infer<typeof RoleResponse>;

/** One UTC day of a partner's own traffic. */
export const PartnerDay = z
  .object({
    day: z.string(),
    signups: z.number().int(),
    firstPayments: z.number().int(),
    payments: z.number().int(),
  })
  .meta({ id: 'PartnerDay' });
export type PartnerDay = z.infer<typeof PartnerDay>;

/** `GET /api/partner/stats?from=&to=` (partner role): sign-ups and revenue of the partner's source only. */
export const PartnerStatsResponse = z
  .object({
    source: z.string(),
    from: z.string(),
    to: z.string(),
    series: z.array(PartnerDay),
    revenue: z.array(z.object({ day: z.string(), currency: z.string(), amount: z.number().int() })),
    totals: z.object({
      signups: z.number().int(),
      firstPayments: z.number().int(),
      payments: z.number().int(),
      revenue: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
    }),
  })
  .meta({ id: 'PartnerStatsResponse' });
export type PartnerStatsResponse = z.infer<typeof PartnerStatsResponse>;
