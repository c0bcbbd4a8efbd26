import { BREAKPOINTS } from '@tapewatch/shared/constants';
import type { DarkPoolRow, DarkPoolTableRow, DarkPoolTopColumn } from '@tapewatch/shared/schemas/dark-pools';
import type { ColumnDef } from '../../../components/table/data-table.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { formatDollars, formatShort } from './reshape.ts';

const wide = BREAKPOINTS.darkPoolColumns;
/** Phones: only the columns that fit 375 px stay (the card title already names the ticker). */
export const PHONE_WIDTH = 600;
const phone = PHONE_WIDTH;

/** The six reload buttons: label shown, column the server orders by, hidden on narrow screens. */
export const TOP_BUTTONS: ReadonlyArray<{ label: string; top: DarkPoolTopColumn; hideBelow?: number }> = [
  { label: 'Short Volume', top: 'Short Volume', hideBelow: wide },
  { label: 'Short Volume %', top: 'Short Volume %' },
  { label: 'Net Short Vol.', top: 'Net Short Volume', hideBelow: wide },
  { label: 'Net Short Vol. $', top: 'Net Short Volume $', hideBelow: phone },
  { label: 'DP Position', top: 'Dark Pools Position', hideBelow: wide },
  { label: 'DP Position $', top: 'Dark Pools Position $' },
];

const numeric = (
  id: DarkPoolTopColumn,
  header: string,
  format: (v: number | null) => string,
  hideBelow?: number,
): ColumnDef<DarkPoolRow> => ({
  id,
  header,
  value: (r) => r[id],
  format: (r) => format(r[id]),
  align: 'right',
  ...(hideBelow ? { hideBelow } : {}),
});

/**
 * Main table; under 1100 px only the ticker, short % and the dollar figures stay. `compact`
 * (phones) shortens dollars to "$37.1B" so the sorted column fits.
 */
export const darkPoolColumns = (compact: boolean): readonly ColumnDef<DarkPoolRow>[] => [
  { id: 'Ticker', header: 'Ticker', value: (r) => r.Ticker },
  { id: 'Date', header: 'Date', value: (r) => r.Date, hideBelow: wide },
  numeric('Short Volume', 'Short Vol.', (v) => formatNumber(v), wide),
  numeric('Short Volume %', compact ? 'Short %' : 'Short Vol. %', (v) => formatPercent(v, 2)),
  numeric('Net Short Volume', 'Net Short Vol.', (v) => formatNumber(v), wide),
  numeric('Net Short Volume $', 'Net Short Vol. $', compact ? (v) => formatShort(v, '$') : formatDollars, phone),
  numeric('Dark Pools Position', 'DP Position', (v) => formatNumber(v), wide),
  numeric(
    'Dark Pools Position $',
    compact ? 'DP Pos. $' : 'DP Position $',
    compact ? (v) => formatShort(v, '$') : formatDollars,
  ),
];

/** Per-ticker table, with the spec's field names as headers; `compact` shortens share counts. */
export const tickerColumns = (compact: boolean): readonly ColumnDef<DarkPoolTableRow>[] => [
  { id: 'ticker', header: 'ticker', value: (r) => r.ticker, hideBelow: wide },
  { id: 'date', header: 'date', value: (r) => r.date },
  {
    id: 'short_volume',
    header: compact ? 'short' : 'short_volume',
    value: (r) => r.short_volume,
    format: (r) => (compact ? formatShort(r.short_volume) : formatNumber(r.short_volume)),
    align: 'right',
  },
  {
    id: 'short_volume%',
    header: compact ? 'short%' : 'short_volume%',
    value: (r) => r['short_volume%'],
    format: (r) => formatPercent(r['short_volume%'], 2),
    align: 'right',
  },
  {
    id: 'short_exempt_volume',
    header: 'short_exempt_volume',
    value: (r) => r.short_exempt_volume,
    format: (r) => formatNumber(r.short_exempt_volume),
    align: 'right',
    hideBelow: wide,
  },
  {
    id: 'total_volume',
    header: 'total_volume',
    value: (r) => r.total_volume,
    format: (r) => formatNumber(r.total_volume),
    align: 'right',
    hideBelow: phone,
  },
  { id: 'market', header: 'market', value: (r) => r.market, hideBelow: wide },
];
