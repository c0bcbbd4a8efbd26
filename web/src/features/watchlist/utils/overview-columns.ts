import { formatNumber } from '../../../lib/format.ts';
import type { OverviewRow } from '../api/get-watchlist-overview.ts';
import { escapeCsvField } from '../../../components/table/csv-export.ts';

export type SortKey =
  | 'order'
  | 'ticker'
  | 'price'
  | 'change_pct'
  | 'return_1w'
  | 'return_1m'
  | 'dp_position_dollar'
  | 'si_pct_float'
  | 'signal';

export interface OverviewColumn {
  key: Exclude<SortKey, 'order'>;
  header: string;
  value: (row: OverviewRow) => string | number | null;
  format: (row: OverviewRow) => string;
  align: 'left' | 'right';
}

const signed = (v: number | null, suffix = '%'): string =>
  v === null ? '-' : `${v > 0 ? '+' : ''}${formatNumber(v, 2)}${suffix}`;
const dollars = (v: number | null): string => {
  if (v === null) return '-';
  const abs = Math.abs(v);
  const [n, unit] = abs >= 1e9 ? [v / 1e9, 'B'] : abs >= 1e6 ? [v / 1e6, 'M'] : abs >= 1e3 ? [v / 1e3, 'K'] : [v, ''];
  return `${n < 0 ? '-' : ''}$${formatNumber(Math.abs(n), 1)}${unit}`;
};
export const factorLabel = (id: string): string =>
  id
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
const signalText = (r: OverviewRow): string =>
  r.signal ? `${factorLabel(r.signal.factor)} (${r.signal.timeframe}, ${r.signal.date})` : '-';

export const OVERVIEW_COLUMNS: readonly OverviewColumn[] = [
  { key: 'ticker', header: 'Ticker', value: (r) => r.ticker, format: (r) => r.ticker, align: 'left' },
  { key: 'price', header: 'Price', value: (r) => r.price, format: (r) => formatNumber(r.price, 2), align: 'right' },
  { key: 'change_pct', header: 'Day', value: (r) => r.change_pct, format: (r) => signed(r.change_pct), align: 'right' },
  { key: 'return_1w', header: '1W', value: (r) => r.return_1w, format: (r) => signed(r.return_1w), align: 'right' },
  { key: 'return_1m', header: '1M', value: (r) => r.return_1m, format: (r) => signed(r.return_1m), align: 'right' },
  {
    key: 'dp_position_dollar',
    header: 'DP Position $',
    value: (r) => r.dp_position_dollar,
    format: (r) => dollars(r.dp_position_dollar),
    align: 'right',
  },
  {
    key: 'si_pct_float',
    header: 'SI %Float',
    value: (r) => r.si_pct_float,
    format: (r) => (r.si_pct_float === null ? '-' : `${formatNumber(r.si_pct_float, 2)}%`),
    align: 'right',
  },
  {
    key: 'signal',
    header: 'Latest signal',
    value: (r) => (r.signal ? r.signal.date : null),
    format: signalText,
    align: 'left',
  },
];

export interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}

/** Rows sorted by a column (missing values last either way); 'order' keeps the list's own order. */
export function sortOverview(rows: readonly OverviewRow[], sort: Sort): OverviewRow[] {
  if (sort.key === 'order') return [...rows];
  const column = OVERVIEW_COLUMNS.find((c) => c.key === sort.key)!;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = column.value(a);
    const y = column.value(b);
    if (x === null && y === null) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}

/** First click sorts text ascending and numbers descending (biggest movers first); then it toggles; a third returns to the list order. */
export function nextOverviewSort(current: Sort, key: Exclude<SortKey, 'order'>): Sort {
  if (current.key !== key) return { key, direction: key === 'ticker' || key === 'signal' ? 'asc' : 'desc' };
  const first = key === 'ticker' || key === 'signal' ? 'asc' : 'desc';
  return current.direction === first
    ? { key, direction: first === 'asc' ? 'desc' : 'asc' }
    : { key: 'order', direction: 'asc' };
}

/** The table as CSV: Ticker first (an import reads the first column back), raw numbers. */
export function overviewCsv(rows: readonly OverviewRow[]): string {
  const header = [
    'Ticker',
    'Company',
    'Price',
    'Change',
    'Change %',
    '1W %',
    '1M %',
    'DP Position',
    'DP Position $',
    'SI %Float',
    'Signal factor',
    'Signal timeframe',
    'Signal date',
  ];
  const n = (v: number | null): string => (v === null ? '' : String(Math.round(v * 10000) / 10000));
  const lines = rows.map((r) =>
    [
      r.ticker,
      r.company,
      n(r.price),
      n(r.change),
      n(r.change_pct),
      n(r.return_1w),
      n(r.return_1m),
      n(r.dp_position),
      n(r.dp_position_dollar),
      n(r.si_pct_float),
      r.signal?.factor ?? '',
      r.signal?.timeframe ?? '',
      r.signal?.date ?? '',
    ]
      .map(escapeCsvField)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
