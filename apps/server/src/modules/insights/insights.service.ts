import {
  daysBetween,
  type KpiDay,
  type KpiRangeQuery,
  type KpiResponse,
  type PartnerStatsResponse,
  type RoleBody,
  type RoleResponse,
} from '@amora/shared/insights.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { UsersService } from '../users/users.service.ts';
import type { InsightsRepository, Range } from './insights.repository.ts';

const DAY_MS = 86_400_000;
const TOP_LIMIT = 10;
/** Ledger reasons whose credits are money paid for tokens. */
const BOUGHT = new Set(['purchase', 'subscription']);
/** Reasons that give tokens back or take them back rather than grant or spend them (decision 087). */
const REVERSALS = new Set(['refund', 'chargeback', 'account_deleted']);

export function rangeOf(q: KpiRangeQuery): Range {
  return { from: new Date(`${q.from}T00:00:00Z`), until: new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) };
}

const emptyDay = (day: string): KpiDay => ({
  day,
  signups: 0,
  activeUsers: 0,
  payingUsers: 0,
  firstPayments: 0,
  messages: 0,
  replies: 0,
  tokensBought: 0,
  tokensGranted: 0,
  tokensSpent: 0,
  subscriptionsStarted: 0,
  subscriptionsRenewed: 0,
  subscriptionsFailed: 0,
  subscriptionsCancelled: 0,
  refunds: 0,
  chargebacks: 0,
});

/** Sums `amount` of rows by the key `by` returns (money per currency, per provider and currency). */
function sumBy<T extends { amount: number; payments?: number }>(list: T[], by: (r: T) => string) {
  const out = new Map<string, { amount: number; payments: number; row: T }>();
  for (const r of list) {
    const k = by(r);
    const cur = out.get(k) ?? { amount: 0, payments: 0, row: r };
    cur.amount += r.amount;
    cur.payments += r.payments ?? 0;
    out.set(k, cur);
  }
  return [...out.values()];
}

/** The operator's numbers (issue 12 item 7) and the partner role's view of its own traffic. */
export function createInsightsService(deps: { db: Db; repo: InsightsRepository; users: UsersService }) {
  const { db, repo } = deps;

  return {
    async kpis(q: KpiRangeQuery): Promise<KpiResponse> {
      const r = rangeOf(q);
      const days = new Map(daysBetween(q.from, q.to).map((d) => [d, emptyDay(d)]));
      const at = (d: string) => days.get(d);
      const [
        signups,
        messages,
        activeTotal,
        revenueRows,
        payers,
        converted,
        tokenRows,
        subPaid,
        subFailed,
        subCancel,
        reversals,
        byMessages,
        byTokens,
      ] = await Promise.all([
        repo.signups(db, r),
        repo.messages(db, r),
        repo.activeUsersTotal(db, r),
        repo.revenue(db, r),
        repo.payers(db, r),
        repo.convertedSignups(db, r),
        repo.tokens(db, r),
        repo.subscriptionPayments(db, r),
        repo.subscriptionFailures(db, r),
        repo.subscriptionCancels(db, r),
        repo.reversals(db, r),
        repo.topByMessages(db, r, TOP_LIMIT),
        repo.topByTokens(db, r, TOP_LIMIT),
      ]);
      for (const x of signups) if (at(x.day)) at(x.day)!.signups = x.n;
      for (const x of messages) {
        const d = at(x.day);
        if (!d) continue;
        d.messages = x.messages;
        d.replies = x.replies;
        d.activeUsers = x.active;
      }
      for (const x of payers.paying) if (at(x.day)) at(x.day)!.payingUsers = x.n;
      for (const x of payers.first) if (at(x.day)) at(x.day)!.firstPayments = x.n;
      const tokens = tokenRows.map((t) => ({
        ...t,
        credited: Math.round(t.credited),
        debited: Math.round(t.debited),
      }));
      for (const t of tokens) {
        const d = at(t.day);
        if (!d) continue;
        if (BOUGHT.has(t.reason)) d.tokensBought += t.credited;
        else if (!REVERSALS.has(t.reason)) d.tokensGranted += t.credited;
        if (!REVERSALS.has(t.reason)) d.tokensSpent += t.debited;
      }
      for (const x of subPaid) {
        const d = at(x.day);
        if (!d) continue;
        d.subscriptionsStarted = x.started;
        d.subscriptionsRenewed = x.renewed;
      }
      for (const x of subFailed) if (at(x.day)) at(x.day)!.subscriptionsFailed = x.n;
      for (const x of subCancel) if (at(x.day)) at(x.day)!.subscriptionsCancelled = x.n;
      const reversed = reversals.map((x) => ({ ...x, amount: Math.round(x.amount) }));
      for (const x of reversed) {
        const d = at(x.day);
        if (!d) continue;
        if (x.kind === 'refund') d.refunds += x.payments;
        else d.chargebacks += x.payments;
      }
      const revenue = revenueRows
        .map((x) => ({ ...x, amount: Math.round(x.amount) }))
        .sort(
          (a, b) =>
            a.day.localeCompare(b.day) ||
            a.provider.localeCompare(b.provider) ||
            a.currency.localeCompare(b.currency),
        );
      const series = [...days.values()];
      const total = (k: Exclude<keyof KpiDay, 'day' | 'activeUsers' | 'payingUsers'>) =>
        series.reduce((s, d) => s + d[k], 0);
      const byCurrency = sumBy(revenue, (x) => x.currency).map((x) => ({
        currency: x.row.currency,
        amount: x.amount,
      }));
      const per = (n: number) =>
        byCurrency.map((c) => ({ currency: c.currency, value: n > 0 ? Math.round(c.amount / n) : 0 }));
      const signupsTotal = total('signups');
      return {
        from: q.from,
        to: q.to,
        series,
        revenue,
        reversals: reversed,
        tokens,
        totals: {
          signups: signupsTotal,
          activeUsers: activeTotal,
          payingUsers: payers.total,
          firstPayments: total('firstPayments'),
          conversion: signupsTotal > 0 ? converted / signupsTotal : 0,
          messages: total('messages'),
          replies: total('replies'),
          tokensBought: total('tokensBought'),
          tokensGranted: total('tokensGranted'),
          tokensSpent: total('tokensSpent'),
          subscriptionsStarted: total('subscriptionsStarted'),
          subscriptionsRenewed: total('subscriptionsRenewed'),
          subscriptionsFailed: total('subscriptionsFailed'),
          subscriptionsCancelled: total('subscriptionsCancelled'),
          refunds: total('refunds'),
          chargebacks: total('chargebacks'),
          revenue: sumBy(revenue, (x) => `${x.provider}\u0000${x.currency}`).map((x) => ({
            provider: x.row.provider,
            currency: x.row.currency,
            amount: x.amount,
            payments: x.payments,
          })),
          reversed: sumBy(reversed, (x) => x.currency).map((x) => ({
            currency: x.row.currency,
            amount: x.amount,
          })),
          arpu: per(activeTotal),
          arppu: per(payers.total),
        },
        topCharacters: {
          byMessages: byMessages.map((c) => ({ ...c, tokens: 0 })),
          byRevenue: byTokens.map((c) => ({ ...c, tokens: Math.round(c.tokens), messages: 0 })),
        },
      };
    },

    /** A partner's own traffic: sign-ups and payments of users whose utm_source or affiliate_platform is its source. */
    async partnerStats(userId: string, q: KpiRangeQuery): Promise<PartnerStatsResponse> {
      const user = await deps.users.getById(userId);
      if (user.role !== 'partner') throw forbidden('auth.operatorOnly');
      const source = user.partnerSource;
      if (!source) throw forbidden('insights.partnerNoSource');
      const r = rangeOf(q);
      const days = new Map(
        daysBetween(q.from, q.to).map((d) => [d, { day: d, signups: 0, firstPayments: 0, payments: 0 }]),
      );
      const [signups, revenueRows, payers] = await Promise.all([
        repo.signups(db, r, source),
        repo.revenue(db, r, source),
        repo.payers(db, r, source),
      ]);
      for (const x of signups) if (days.get(x.day)) days.get(x.day)!.signups = x.n;
      for (const x of payers.first) if (days.get(x.day)) days.get(x.day)!.firstPayments = x.n;
      for (const x of revenueRows) if (days.get(x.day)) days.get(x.day)!.payments += x.payments;
      const revenue = sumBy(
        revenueRows.map((x) => ({ ...x, amount: Math.round(x.amount) })),
        (x) => `${x.day}\u0000${x.currency}`,
      )
        .map((x) => ({ day: x.row.day, currency: x.row.currency, amount: x.amount }))
        .sort((a, b) => a.day.localeCompare(b.day) || a.currency.localeCompare(b.currency));
      const series = [...days.values()];
      return {
        source,
        from: q.from,
        to: q.to,
        series,
        revenue,
        totals: {
          signups: series.reduce((s, d) => s + d.signups, 0),
          firstPayments: series.reduce((s, d) => s + d.firstPayments, 0),
          payments: series.reduce((s, d) => s + d.payments, 0),
          revenue: sumBy(revenue, (x) => x.currency).map((x) => ({
            currency: x.row.currency,
            amount: x.amount,
          })),
        },
      };
    },

    /** The operator sets a user's role; a partner is tied to the traffic of `partnerSource`. */
    async setRole(actorId: string, userId: string, body: RoleBody): Promise<RoleResponse> {
      if (actorId === userId) throw forbidden('insights.cannotChangeOwnRole');
      const partnerSource = body.role === 'partner' ? (body.partnerSource ?? null) : null;
      if (body.role === 'partner' && !partnerSource)
        throw new AppError('VALIDATION_ERROR', 'insights.partnerNoSource');
      const row = await repo.setRole(db, userId, body.role, partnerSource);
      if (!row) throw notFound('user.notFound');
      return { user: { _id: row.id, role: row.role, partnerSource: row.partnerSource } };
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
