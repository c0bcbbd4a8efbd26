import {
  SHORT_INTEREST_TOP_FIELD,
  type ShortInterestRow,
  type ShortInterestTable,
  type ShortInterestTop,
} from '@tapewatch/shared/schemas/short-interest';

/** A stored settlement row (series 'shortint'), as the short-interest ingest writes it. */
export interface SettlementPoint {
  date: string;
  short_interest: number;
  avg_daily_volume: number | null;
}

/** What the table needs from the ticker directory. */
export interface FloatInfo {
  symbol: string;
  exchange: string;
  shares_outstanding: number | null;
  /** This class's own shares, on each class of a multi-class company (null: unknown). */
  class_shares_outstanding?: number | null;
}

/**
 * The share count a ticker's float is taken from: its own class on a multi-class company (GOOGL's
 * Class A, not Alphabet's A + B + C), else the company's count.
 */
export const floatBasis = (entry: Pick<FloatInfo, 'shares_outstanding' | 'class_shares_outstanding'>): number | null =>
  entry.class_shares_outstanding !== undefined ? entry.class_shares_outstanding : entry.shares_outstanding;

/** The precomputed snapshot the handlers read: the latest settlement's rows, in ticker order. */
export interface ShortInterestSnapshot {
  asOf: string;
  rows: ShortInterestRow[];
}

export const SHORT_INTEREST_FIELDS: ShortInterestTable['schema']['fields'] = [
  { name: 'Ticker', type: 'string' },
  { name: 'Date', type: 'date' },
  { name: 'Short Interest', type: 'integer' },
  { name: 'Average Volume', type: 'integer' },
  { name: 'Days To Cover', type: 'number' },
  { name: '%Float Short', type: 'number' },
];

/** Rounded, or null when the ratio overflowed (a vendor's near-zero denominator). */
const round = (value: number, decimals: number): number | null => {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return Number.isFinite(r) ? r : null;
};

/** Days to cover = short interest / average daily volume (2 decimals, as FINRA publishes it). */
export function daysToCover(shortInterest: number, avgDailyVolume: number | null): number | null {
  if (avgDailyVolume === null || !(avgDailyVolume > 0) || !Number.isFinite(shortInterest)) return null;
  return round(shortInterest / avgDailyVolume, 2);
}

/**
 * %Float Short = short interest / shares outstanding x 100 (2 decimals). The share count is the
 * directory's float estimate; without one the figure is unavailable, never invented.
 */
export function floatShortPercent(shortInterest: number, sharesOutstanding: number | null): number | null {
  if (sharesOutstanding === null || !(sharesOutstanding > 0) || !Number.isFinite(shortInterest)) return null;
  return round((shortInterest / sharesOutstanding) * 100, 2);
}

/** True when short interest is published for the listing (NASDAQ stocks and ETFs only). */
export const isNasdaqListed = (entry: Pick<FloatInfo, 'exchange'>): boolean => entry.exchange === 'NASDAQ';

export function toTableRow(ticker: string, point: SettlementPoint, sharesOutstanding: number | null): ShortInterestRow {
  return {
    Ticker: ticker,
    Date: point.date,
    'Short Interest': point.short_interest,
    'Average Volume': point.avg_daily_volume,
    'Days To Cover': daysToCover(point.short_interest, point.avg_daily_volume),
    '%Float Short': floatShortPercent(point.short_interest, sharesOutstanding),
  };
}

/**
 * The table of one settlement date: every NASDAQ-listed ticker of the directory with a row that
 * day, sorted by ticker. Rows of tickers outside the directory or not NASDAQ-listed are dropped.
 */
export function buildShortInterestSnapshot(
  settlementDate: string,
  rowsByTicker: ReadonlyMap<string, SettlementPoint>,
  directory: readonly FloatInfo[],
): ShortInterestSnapshot {
  const rows: ShortInterestRow[] = [];
  for (const entry of directory) {
    if (!isNasdaqListed(entry)) continue;
    const point = rowsByTicker.get(entry.symbol);
    if (point && point.date === settlementDate) rows.push(toTableRow(entry.symbol, point, floatBasis(entry)));
  }
  rows.sort((a, b) => (a.Ticker < b.Ticker ? -1 : a.Ticker > b.Ticker ? 1 : 0));
  return { asOf: settlementDate, rows };
}

/** Descending by the chosen field, nulls last, ties by ticker (stable for paging). */
export function orderRows(rows: readonly ShortInterestRow[], top: ShortInterestTop): ShortInterestRow[] {
  const field = SHORT_INTEREST_TOP_FIELD[top];
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null || y === null) {
      if (x === y) return a.Ticker < b.Ticker ? -1 : 1;
      return x === null ? 1 : -1;
    }
    return y - x || (a.Ticker < b.Ticker ? -1 : 1);
  });
}

export function shortInterestTable(snapshot: ShortInterestSnapshot, top: ShortInterestTop): ShortInterestTable {
  return { data: orderRows(snapshot.rows, top), schema: { fields: SHORT_INTEREST_FIELDS } };
}

/** The settlements of the year ending at `asOf` (inclusive), oldest first. */
export function yearOfSettlements<P extends { date: string; short_interest: number }>(
  points: readonly P[],
  asOf: string,
): Array<{ date: string; short_interest: number }> {
  const from = `${Number(asOf.slice(0, 4)) - 1}${asOf.slice(4)}`;
  return points
    .filter((p) => p.date > from && p.date <= asOf && Number.isFinite(p.short_interest))
    .map((p) => ({ date: p.date, short_interest: p.short_interest }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}
