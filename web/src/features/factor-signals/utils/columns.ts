import { SIGNAL_FACTORS } from '@tapewatch/shared/params/signals';
import type { ColumnDef } from '../../../components/table/data-table.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import type { SignalRow } from '../api/get-signals-data.ts';
import { capitalize } from './filters.ts';

const LABELS = new Map<string, string>(SIGNAL_FACTORS.map((f) => [f.id, f.label]));
export const factorLabel = (id: string): string => LABELS.get(id) ?? id;

/** A missing profit/loss ratio means no past signal lost: shown as infinity. */
export const wlRatioText = (r: SignalRow): string =>
  r.profit_loss_ratio === null ? '∞' : formatNumber(r.profit_loss_ratio, 2);
export const periodText = (r: SignalRow): string =>
  `${r.period} ${r.timeframe === 'daily' ? 'day' : 'week'}${r.period === 1 ? '' : 's'}`;

/** Where a row click goes: the single-stock Factor Analysis page of that signal. */
export function signalUrl(r: Pick<SignalRow, 'factor' | 'timeframe' | 'ticker'>): string {
  return `/factor-analysis/${encodeURIComponent(r.factor)}/${r.timeframe.toLowerCase()}/${encodeURIComponent(r.ticker)}`;
}

export const DEFAULT_SIGNAL_SORT = { columnId: 'expected_ret', direction: 'desc' } as const;
/** Every signal shares the latest date, the period repeats the timeframe: dropped first on phones. */
export const SIGNAL_COLUMN_BREAKPOINTS = { date: 1000, period: 700, wlRatio: 600 } as const;

export const signalColumns: ReadonlyArray<ColumnDef<SignalRow>> = [
  {
    id: 'date',
    header: 'Date',
    value: (r) => r.date,
    firstDirection: 'desc',
    hideBelow: SIGNAL_COLUMN_BREAKPOINTS.date,
  },
  { id: 'ticker', header: 'Ticker', value: (r) => r.ticker },
  {
    id: 'expected_ret',
    header: 'Expected%',
    value: (r) => r.expected_ret,
    format: (r) => formatPercent(r.expected_ret),
    align: 'right',
    firstDirection: 'desc',
  },
  // Sorting puts the infinite ratios first when descending.
  {
    id: 'wl_ratio',
    header: 'WL Ratio',
    value: (r) => r.profit_loss_ratio ?? Number.MAX_VALUE,
    format: wlRatioText,
    align: 'right',
    firstDirection: 'desc',
    hideBelow: SIGNAL_COLUMN_BREAKPOINTS.wlRatio,
  },
  {
    id: 'profitable',
    header: 'Profitable%',
    value: (r) => r['profitable%'],
    format: (r) => formatPercent(r['profitable%']),
    align: 'right',
    firstDirection: 'desc',
  },
  {
    id: 'period',
    header: 'Period',
    value: (r) => r.period,
    format: periodText,
    align: 'right',
    hideBelow: SIGNAL_COLUMN_BREAKPOINTS.period,
  },
  { id: 'timeframe', header: 'Timeframe', value: (r) => r.timeframe, format: (r) => capitalize(r.timeframe) },
  { id: 'factor', header: 'Factor', value: (r) => factorLabel(r.factor), format: (r) => factorLabel(r.factor) },
];

/** Phones (< 600 px) show factor and timeframe in one wrapping cell, so the table fits 375 px. */
export const PHONE_MAX_WIDTH = 600;
export const phoneSignalColumns: ReadonlyArray<ColumnDef<SignalRow>> = [
  ...signalColumns.filter((c) => c.id !== 'timeframe' && c.id !== 'factor'),
  {
    id: 'factor',
    header: 'Factor',
    value: (r) => factorLabel(r.factor),
    format: (r) => `${factorLabel(r.factor)} (${capitalize(r.timeframe)})`,
  },
];
