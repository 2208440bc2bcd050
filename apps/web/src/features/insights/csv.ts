import type { KpiResponse } from '@amora/shared/insights.ts';

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formulas defused. */
export function csvField(value: string | number): string {
  let s = String(value);
  // A spreadsheet runs a cell that starts with = + - @ as a formula: prefix it (OWASP CSV injection).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: (string | number)[][]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * The KPI series as one CSV table: a row per UTC day with every daily figure, then a revenue
 * column per provider and currency (minor units, as the API gives them).
 */
export function kpisToCsv(k: KpiResponse): string {
  const counters = Object.keys(k.series[0] ?? {}).filter(
    (c) => c !== 'day',
  ) as (keyof KpiResponse['series'][number])[];
  const moneyKeys = [...new Set(k.revenue.map((r) => `${r.provider}:${r.currency}`))].sort();
  const header = ['day', ...counters, ...moneyKeys.map((m) => `revenue:${m}`)];
  const rows = k.series.map((d) => [
    d.day,
    ...counters.map((c) => d[c]),
    ...moneyKeys.map((m) =>
      k.revenue
        .filter((r) => r.day === d.day && `${r.provider}:${r.currency}` === m)
        .reduce((s, r) => s + r.amount, 0),
    ),
  ]);
  return toCsv([header, ...rows]);
}

/** Saves `text` as a file through a temporary link (the browser's download). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
