import type { TickerMetrics } from '@tapewatch/shared/schemas/flow-ticker-overview';
import { formatNumber, formatPercent, formatThousandsUsd } from '../../../lib/format.ts';
import type { TickerMetrics1dData, TickerMetrics5dData } from '../api/ticker-overview-api.ts';

type MetricKey = keyof TickerMetrics;

/** The six metrics in the spec's order (part 2 section 2.8) with how each is shown. */
export const METRICS: ReadonlyArray<{ key: MetricKey; label: string; format: (v: number | null) => string }> = [
  { key: 'call_premiums', label: 'Call Premiums', format: formatThousandsUsd },
  { key: 'put_premiums', label: 'Put Premiums', format: formatThousandsUsd },
  { key: 'call_flow', label: 'Call Flows', format: (v) => formatNumber(v, 0) },
  { key: 'put_flow', label: 'Put Flows', format: (v) => formatNumber(v, 0) },
  { key: 'avg_call_score', label: 'Avg Call Score', format: (v) => formatNumber(v, 2) },
  { key: 'avg_put_score', label: 'Avg Put Score', format: (v) => formatNumber(v, 2) },
];

export interface MetricRow {
  key: MetricKey;
  label: string;
  today: string;
  prior: string;
  priorChange: string;
  priorChangeValue: number | null;
  fiveDay: string;
  fiveDayChange: string;
  fiveDayChangeValue: number | null;
}

/** "+12.50%", "-3.00%", "-" */
export function formatChange(v: number | null): string {
  return v === null ? '-' : `${v > 0 ? '+' : ''}${formatPercent(v, 2)}`;
}

export function metricRows(d1: TickerMetrics1dData | undefined, d5: TickerMetrics5dData | undefined): MetricRow[] {
  return METRICS.map(({ key, label, format }) => {
    const priorChangeValue = d1 ? d1.prior[`${key}_chg`] : null;
    const fiveDayChangeValue = d5 ? d5[`${key}_chg`] : null;
    return {
      key,
      label,
      today: d1 ? format(d1.current[key]) : '-',
      prior: d1 ? format(d1.prior[key]) : '-',
      priorChange: formatChange(priorChangeValue),
      priorChangeValue,
      fiveDay: d5 ? format(d5[key]) : '-',
      fiveDayChange: formatChange(fiveDayChangeValue),
      fiveDayChangeValue,
    };
  });
}
