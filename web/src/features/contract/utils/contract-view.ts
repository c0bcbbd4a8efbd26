import type { ChartTableData } from '../../../components/charts/chart-data-table.tsx';
import type { TimeSeries } from '../../../components/charts/time-series-chart.tsx';
import type { ContractDay, ContractPrint } from '@tapewatch/shared/schemas/option-contract';
import { formatNumber } from '../../../lib/format.ts';

type Contract = {
  ticker: string;
  type: 'call' | 'put';
  strike: number;
  expiration: string;
  today: ContractDay;
  history: ContractDay[] | null;
};

export const MID_COLOR = '#1976d2';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "SPY 510 Call, 15 Mar 2024" — the page's title (three-letter months whatever the browser's locale). */
export function contractTitle(c: Pick<Contract, 'ticker' | 'type' | 'strike' | 'expiration'>): string {
  const [y, m, d] = c.expiration.split('-').map(Number);
  const expiry = `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
  return `${c.ticker} ${formatNumber(c.strike, c.strike % 1 === 0 ? 0 : 2)} ${c.type === 'call' ? 'Call' : 'Put'}, ${expiry}`;
}

/** The history's sessions and today, oldest first (today alone when there is no history). */
export function contractDays(c: Contract): ContractDay[] {
  return [...(c.history ?? []), c.today];
}

export function midSeries(days: readonly ContractDay[]): { dates: string[]; series: TimeSeries[] } {
  return { dates: days.map((d) => d.date), series: [{ id: 'Mid', color: MID_COLOR, values: days.map((d) => d.mid) }] };
}

const money = (v: number | null) => (v === null ? '-' : `$${formatNumber(v, 2)}`);
const pct = (v: number | null) => (v === null ? '-' : `${formatNumber(v * 100, 1)}%`);
const count = (v: number | null) => (v === null ? '-' : formatNumber(v, 0));
const delta = (v: number | null) => (v === null ? '-' : formatNumber(v, 3));

/** The chart's table: every day's figures, newest first. */
export function historyTable(days: readonly ContractDay[]): ChartTableData {
  return {
    rowHeader: 'Date',
    columns: ['Mid', 'Volume', 'Open interest', 'IV', 'Delta', 'Underlying'],
    rows: [...days].reverse().map((d) => ({
      key: d.date,
      label: d.date,
      cells: [
        money(d.mid),
        count(d.volume),
        count(d.open_interest),
        pct(d.iv),
        delta(d.delta),
        money(d.underlying_price),
      ],
    })),
    testId: 'contract-history',
    rowTestId: 'contract-history-row',
  };
}

export const formatMoney = money;
export const formatIv = pct;
export const formatCount = count;
export const formatDelta = delta;

/** Signed whole dollars: "+$1,234", "-$56", "-" without a value. */
export function formatPnl(v: number | null): string {
  if (v === null) return '-';
  const whole = Math.round(v);
  return `${whole > 0 ? '+' : whole < 0 ? '-' : ''}$${formatNumber(Math.abs(whole), 0)}`;
}

export const SIDE_LABELS: Record<ContractPrint['side'], string> = {
  bought: 'Bought',
  sold: 'Sold',
  unknown: 'Mid (side unknown)',
};
