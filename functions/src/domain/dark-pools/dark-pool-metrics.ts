import {
  DARK_POOL_POSITION_DAYS,
  type DarkPoolIndividual,
  type DarkPoolRow,
  type DarkPoolTopColumn,
} from '@tapewatch/shared/schemas/dark-pools';

/** One FINRA short-sale volume row as stored in the 'shortvol' series. */
export interface ShortVolumeInput {
  date: string;
  short_volume: number;
  short_exempt_volume: number;
  total_volume: number;
  market: string;
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);
/** Dollar figures to the cent, percents to 4 decimals: keeps the payload small, never NaN. */
const cents = (v: number | null): number | null => (v === null ? null : finite(Math.round(v * 100) / 100));
const pct = (short: number, total: number): number | null =>
  total > 0 ? finite(Math.round((short / total) * 1e6) / 1e4) : null;

/**
 * Per-day dark pool figures of one ticker, oldest first:
 * - short volume % = short / total (as a percent);
 * - net short volume = short - (total - short);
 * - net short $ = net short volume x that day's close (null without a close);
 * - DP position = sum of net short volume over the ticker's last 20 reported trading days,
 *   DP position $ = sum of the daily net short $ over the same days (null until 20 days exist,
 *   or when a close is missing in the window: a partial sum would read as a real position).
 */
export interface DarkPoolDay {
  date: string;
  close: number | null;
  shortVolume: number;
  shortPct: number | null;
  totalVolume: number;
  netVolume: number;
  netDollars: number | null;
  position: number | null;
  positionDollars: number | null;
}

export function computeDarkPoolDays(
  rows: readonly ShortVolumeInput[],
  closes: ReadonlyMap<string, number>,
): DarkPoolDay[] {
  const sorted = [...rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const days: DarkPoolDay[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i]!;
    const close = closes.get(r.date) ?? null;
    const netVolume = 2 * r.short_volume - r.total_volume;
    const netDollars = close === null ? null : netVolume * close;
    let position: number | null = null;
    let positionDollars: number | null = null;
    if (i + 1 >= DARK_POOL_POSITION_DAYS) {
      position = 0;
      let dollars: number | null = 0;
      for (let j = i + 1 - DARK_POOL_POSITION_DAYS; j <= i; j++) {
        const d = j === i ? { netVolume, netDollars } : days[j]!;
        position += d.netVolume;
        dollars = dollars === null || d.netDollars === null ? null : dollars + d.netDollars;
      }
      positionDollars = dollars;
    }
    days.push({
      date: r.date,
      close,
      shortVolume: r.short_volume,
      shortPct: pct(r.short_volume, r.total_volume),
      totalVolume: r.total_volume,
      netVolume,
      netDollars,
      position,
      positionDollars,
    });
  }
  return days;
}

/** The main table's row for a ticker's last day. */
export function toDarkPoolRow(ticker: string, day: DarkPoolDay): DarkPoolRow {
  return {
    Ticker: ticker,
    Date: day.date,
    'Short Volume': day.shortVolume,
    'Short Volume %': day.shortPct,
    'Net Short Volume': day.netVolume,
    'Net Short Volume $': cents(day.netDollars),
    'Dark Pools Position': day.position,
    'Dark Pools Position $': cents(day.positionDollars),
  };
}

/**
 * The individual payload over the days on or after `from` (the stored year); `rows` may reach
 * further back so the first positions of the window have their 20 days.
 */
export function buildDarkPoolIndividual(
  ticker: string,
  rows: readonly ShortVolumeInput[],
  closes: ReadonlyMap<string, number>,
  from: string,
): DarkPoolIndividual {
  const all = computeDarkPoolDays(rows, closes);
  const days = all.filter((d) => d.date >= from);
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const dates = days.map((d) => d.date);
  return {
    ticker,
    as_of: dates.at(-1) ?? null,
    prices: { dates, prices: days.map((d) => d.close) },
    individual_short_volume: {
      dates,
      total_volume: days.map((d) => d.totalVolume),
      short_volume: days.map((d) => d.shortVolume),
      net_volume: days.map((d) => d.netVolume),
      'short_volume%': days.map((d) => d.shortPct),
    },
    individual_dark_pool_position_data: {
      dates,
      dollar_dp_position: days.map((d) => cents(d.positionDollars)),
      dollar_net_volume: days.map((d) => cents(d.netDollars)),
      dp_position: days.map((d) => d.position),
    },
    individual_short_volume_table: {
      data: days.map((d) => {
        const r = byDate.get(d.date)!;
        return {
          ticker,
          date: d.date,
          short_volume: r.short_volume,
          'short_volume%': d.shortPct,
          short_exempt_volume: r.short_exempt_volume,
          total_volume: r.total_volume,
          market: r.market,
        };
      }),
    },
  };
}

/** An empty payload: a known ticker without FINRA rows (the page shows an empty state). */
export function emptyDarkPoolIndividual(ticker: string): DarkPoolIndividual {
  return buildDarkPoolIndividual(ticker, [], new Map(), '');
}

/** Orders table rows by a column; tickers without a value go last in both directions. */
export function orderDarkPoolRows(
  rows: readonly DarkPoolRow[],
  top: DarkPoolTopColumn,
  direction: 'asc' | 'desc',
): DarkPoolRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[top];
    const y = b[top];
    if (x === null || y === null) return x === y ? a.Ticker.localeCompare(b.Ticker) : x === null ? 1 : -1;
    return sign * (x - y) || a.Ticker.localeCompare(b.Ticker);
  });
}
