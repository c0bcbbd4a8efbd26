import type { ColumnDef } from '../../../components/table/data-table.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { pctText } from './reshape.ts';
import type { ClustersTableRow } from '../api/get-clusters-table-data.ts';

export type ClustersDataset = 'all' | 'sp500' | 'nasdaq100';
export const DATASET_BUTTONS: ReadonlyArray<{ key: ClustersDataset; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'sp500', label: 'S&P 500' },
  { key: 'nasdaq100', label: 'NASDAQ 100' },
];

/** Spec part 1 section 9: date hidden under 1000 px, close under 700 px, 2d under 600 px. */
export const CLUSTER_COLUMN_BREAKPOINTS = { date: 1000, close: 700, d2: 600 } as const;
export const DEFAULT_CLUSTER_SORT = { columnId: '20d_forward_return', direction: 'desc' } as const;

const fwd = (h: 1 | 2 | 5 | 10 | 20, hideBelow?: number): ColumnDef<ClustersTableRow> => {
  const key = `${h}d_forward_return` as const;
  return {
    id: key,
    header: `${h}D`,
    value: (r) => r[key],
    format: (r) => pctText(r[key]),
    align: 'right',
    ...(hideBelow ? { hideBelow } : {}),
  };
};

export const clustersColumns: ReadonlyArray<ColumnDef<ClustersTableRow>> = [
  { id: 'ticker', header: 'Ticker', value: (r) => r.ticker },
  {
    id: 'date',
    header: 'Date',
    value: (r) => r.date,
    firstDirection: 'desc',
    hideBelow: CLUSTER_COLUMN_BREAKPOINTS.date,
  },
  {
    id: 'close',
    header: 'Close',
    value: (r) => r.close,
    format: (r) => formatNumber(r.close, 2),
    align: 'right',
    hideBelow: CLUSTER_COLUMN_BREAKPOINTS.close,
  },
  fwd(1),
  fwd(2, CLUSTER_COLUMN_BREAKPOINTS.d2),
  fwd(5),
  fwd(10),
  fwd(20),
];

/** The row a fresh table selects: the top row under the default sort (highest 20D). */
export function topRow(rows: readonly ClustersTableRow[]): ClustersTableRow | undefined {
  let best: ClustersTableRow | undefined;
  for (const r of rows) {
    const v = r['20d_forward_return'];
    if (v !== null && (best === undefined || v > (best['20d_forward_return'] ?? -Infinity))) best = r;
  }
  return best ?? rows[0];
}
