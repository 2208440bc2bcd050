import { MAX_KPI_DAYS } from '@amora/shared/insights.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { lastDays, type DateRange } from '../api/insights-api.ts';
import styles from './insights.module.css';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** The chosen range, kept in `?from=&to=` (a shareable link); the last 30 days by default. */
export function useRange(): [DateRange, (r: DateRange) => void] {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const range = ISO.test(from) && ISO.test(to) ? { from, to } : lastDays(30);
  return [range, (r) => setParams({ from: r.from, to: r.to }, { replace: true })];
}

/** Checks a range the way the server does (from ≤ to, at most 366 days); the error text or null. */
export function rangeError(r: DateRange): 'order' | 'length' | null {
  const from = Date.parse(`${r.from}T00:00:00Z`);
  const to = Date.parse(`${r.to}T00:00:00Z`);
  if (!(from <= to)) return 'order';
  if ((to - from) / 86_400_000 + 1 > MAX_KPI_DAYS) return 'length';
  return null;
}

export function RangePicker({ range, onChange }: { range: DateRange; onChange: (r: DateRange) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(range);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = rangeError(draft);
    if (why) {
      setError(t(`insights.range.${why}`, { max: MAX_KPI_DAYS }));
      return;
    }
    setError(null);
    onChange(draft);
  };
  const preset = (days: number) => {
    const r = lastDays(days);
    setDraft(r);
    setError(null);
    onChange(r);
  };
  return (
    <form className={styles.rangeForm} onSubmit={submit} noValidate data-testid="range-form">
      <label className={styles.dateField}>
        {t('insights.range.from')}
        <input
          type="date"
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          data-testid="range-from"
          required
        />
      </label>
      <label className={styles.dateField}>
        {t('insights.range.to')}
        <input
          type="date"
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          data-testid="range-to"
          required
        />
      </label>
      <Button type="submit" size="sm">
        {t('insights.range.show')}
      </Button>
      <div className={styles.presets} role="group" aria-label={t('insights.range.presets')}>
        {[7, 30, 90].map((d) => (
          <Button key={d} type="button" size="sm" variant="ghost" onClick={() => preset(d)}>
            {t('insights.range.lastDays', { count: d })}
          </Button>
        ))}
      </div>
      {error ? (
        <p role="alert" className={styles.dateField} data-testid="range-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
