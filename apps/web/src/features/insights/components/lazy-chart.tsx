import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import styles from './insights.module.css';

const SeriesChart = lazy(() => import('./series-chart.tsx'));

/** A titled chart whose charting library (Recharts) loads on first use. */
export function LazyChart({
  title,
  testId,
  ...props
}: ComponentProps<typeof SeriesChart> & { title: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <figure className={styles.chart} data-testid={testId}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <SeriesChart {...props} />
      </Suspense>
    </figure>
  );
}
