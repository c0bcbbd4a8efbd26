import { formatNumber } from '../../../lib/format.ts';
import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import type { DarkPoolIndividualData } from '../api/get-dark-pool-individual-data.ts';

/** 1234567 -> "1.23M", -45600 -> "-45.6K": axis labels and summary figures. */
export function formatShort(value: number | null | undefined, prefix = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const units: Array<[number, string]> = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, unit] of units) {
    if (abs >= size) return `${sign}${prefix}${Number((abs / size).toPrecision(3))}${unit}`;
  }
  return `${sign}${prefix}${Number(abs.toPrecision(3))}`;
}

export const formatDollars = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '-'
    : `${value < 0 ? '-' : ''}$${formatNumber(Math.abs(value), 0)}`;

export interface DarkPoolSummary {
  date: string;
  netVolume: number | null;
  netDollars: number | null;
  position: number | null;
  positionDollars: number | null;
}

/** The latest values of the Dark Pool Data panel; null when the ticker has no FINRA rows. */
export function latestSummary(data: DarkPoolIndividualData): DarkPoolSummary | null {
  const dp = data.individual_dark_pool_position_data;
  const n = dp.dates.length;
  if (n === 0) return null;
  return {
    date: dp.dates[n - 1]!,
    netVolume: data.individual_short_volume.net_volume[n - 1] ?? null,
    netDollars: dp.dollar_net_volume[n - 1] ?? null,
    position: dp.dp_position[n - 1] ?? null,
    positionDollars: dp.dollar_dp_position[n - 1] ?? null,
  };
}

const num = (v: number | null | undefined, d = 0) => (v === null || v === undefined ? '-' : v.toFixed(d));

/** Newest first, so the "Show data" table starts with the latest session. */
function newestFirst(n: number): number[] {
  return Array.from({ length: n }, (_, i) => n - 1 - i);
}

/** Data behind "Price vs Short Volume" and its position panel (raw numbers, for checks). */
export function shortVolumeTable(data: DarkPoolIndividualData): ChartTableData {
  const sv = data.individual_short_volume;
  const dp = data.individual_dark_pool_position_data;
  return {
    rowHeader: 'Date',
    columns: ['Price', 'Short Volume', 'Total Volume', 'Net Short Volume', 'DP Position', 'DP Position $'],
    rows: newestFirst(sv.dates.length).map((i) => ({
      key: sv.dates[i]!,
      label: sv.dates[i]!,
      cells: [
        num(data.prices.prices[i], 2),
        num(sv.short_volume[i]),
        num(sv.total_volume[i]),
        num(sv.net_volume[i]),
        num(dp.dp_position[i]),
        num(dp.dollar_dp_position[i], 2),
      ],
    })),
    testId: 'short-volume-data',
    rowTestId: 'short-volume-data-row',
  };
}

export function shortPercentTable(data: DarkPoolIndividualData): ChartTableData {
  const sv = data.individual_short_volume;
  return {
    rowHeader: 'Date',
    columns: ['Price', 'Short Volume %'],
    rows: newestFirst(sv.dates.length).map((i) => ({
      key: sv.dates[i]!,
      label: sv.dates[i]!,
      cells: [num(data.prices.prices[i], 2), num(sv['short_volume%'][i], 2)],
    })),
    testId: 'short-percent-data',
    rowTestId: 'short-percent-data-row',
  };
}
