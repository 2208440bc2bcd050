import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export type ChartSeries = { key: string; label: string; color: string };
export type ChartRow = Record<string, string | number>;

const AXIS = { stroke: '#a38c98', fontSize: 12 };
const TOOLTIP = {
  contentStyle: { background: '#1c1217', border: '1px solid rgba(255,214,230,0.16)', borderRadius: 10 },
  labelStyle: { color: '#f9eff3' },
};

/**
 * A daily chart (Recharts): lines or stacked bars, one per series, days on the x axis. This module
 * is loaded lazily (the console's charts never weigh on the app's first load).
 */
export default function SeriesChart({
  kind,
  data,
  series,
  format,
}: {
  kind: 'line' | 'bar';
  data: ChartRow[];
  series: ChartSeries[];
  format?: (value: number) => string;
}) {
  const tick = (v: string) => v.slice(5);
  const formatter = format ? (v: unknown) => format(Number(v)) : undefined;
  return (
    <ResponsiveContainer width="100%" height={240}>
      {kind === 'line' ? (
        <LineChart data={data} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
          <CartesianGrid stroke="rgba(255,214,230,0.08)" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} {...AXIS} />
          <YAxis allowDecimals={false} width={44} {...AXIS} />
          <Tooltip {...TOOLTIP} {...(formatter ? { formatter } : {})} />
          <Legend />
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              dot={false}
              strokeWidth={2}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      ) : (
        <BarChart data={data} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
          <CartesianGrid stroke="rgba(255,214,230,0.08)" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} {...AXIS} />
          <YAxis allowDecimals={false} width={52} {...AXIS} {...(format ? { tickFormatter: format } : {})} />
          <Tooltip {...TOOLTIP} {...(formatter ? { formatter } : {})} />
          <Legend />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stackId="a"
              fill={s.color}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
