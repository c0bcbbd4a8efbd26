import type { SeasonalitySeries } from '@tapewatch/shared/schemas/flow-ticker-overview';
import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { formatNumber } from '../../../lib/format.ts';

export type SeasonalityKind = 'intraday' | 'daily' | 'monthly';
export type Side = 'calls' | 'puts';

export const SEASONALITY_CHARTS: ReadonlyArray<{
  kind: SeasonalityKind;
  side: Side;
  title: string;
  rowHeader: string;
}> = [
  { kind: 'intraday', side: 'calls', title: 'Intraday Seasonality: Calls', rowHeader: 'Half hour' },
  { kind: 'intraday', side: 'puts', title: 'Intraday Seasonality: Puts', rowHeader: 'Half hour' },
  { kind: 'daily', side: 'calls', title: 'Daily Seasonality: Calls', rowHeader: 'Weekday' },
  { kind: 'daily', side: 'puts', title: 'Daily Seasonality: Puts', rowHeader: 'Weekday' },
  { kind: 'monthly', side: 'calls', title: 'Monthly Seasonality: Calls', rowHeader: 'Month' },
  { kind: 'monthly', side: 'puts', title: 'Monthly Seasonality: Puts', rowHeader: 'Month' },
];

/** Bar values: a category without any day (null) draws no bar. */
export function seasonalityValues(series: SeasonalitySeries, side: Side): number[] {
  return series[side].map((v) => v ?? 0);
}

export function seasonalityTable(
  series: SeasonalitySeries,
  side: Side,
  kind: SeasonalityKind,
  rowHeader: string,
): ChartTableData {
  return {
    rowHeader,
    columns: ['Avg premium per day ($K)'],
    rows: series.index.map((label, i) => ({ key: label, label, cells: [formatNumber(series[side][i] ?? null, 0)] })),
    testId: `seasonality-${kind}-${side}-data`,
  };
}
