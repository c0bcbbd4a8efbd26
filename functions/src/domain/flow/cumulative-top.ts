import type {
  ByStrikeResponse,
  HistoricalPremiumResponse,
  TopPremiumsResponse,
  TopPremiumsRow,
} from '@tapewatch/shared/schemas/flow-cumulative-top';
import { SECTOR_ETFS } from '@tapewatch/shared/constants';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { parseOccSymbol } from '@tapewatch/shared/options/occ-symbol';
import type { DaySummary, LargestPrint } from './day-summary.ts';

/**
 * Cumulative Stats and Top Premiums (spec part 2 sections 2.6 and 2.7), computed from the per-day
 * summaries only. Sums are rounded to cents of a thousand (2 decimals) so float noise from adding
 * thousands of premiums never reaches the wire.
 */
const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The last `lookback` days with flow, oldest first: today's partial day (if any) counts as the newest. */
export function lookbackDays(current: DaySummary | null, full: readonly DaySummary[], lookback: number): DaySummary[] {
  const newestFirst = current ? [current, ...full] : [...full];
  return newestFirst.slice(0, lookback).reverse();
}

const range = (days: readonly DaySummary[]) => ({ from: days[0]?.date ?? null, to: days.at(-1)?.date ?? null });

export function historicalPremium(
  ticker: string,
  days: readonly DaySummary[],
  lookback: number,
): HistoricalPremiumResponse {
  const out: HistoricalPremiumResponse = {
    ticker,
    lookback,
    ...range(days),
    dates: [],
    prices: [],
    call_premiums: [],
    put_premiums: [],
    net_premiums: [],
    cum_call_premiums: [],
    cum_put_premiums: [],
    cum_net_premiums: [],
  };
  let cumCall = 0;
  let cumPut = 0;
  let lastPrice: number | null = null;
  for (const day of days) {
    const t = day.tickers[ticker];
    if (!t) continue;
    // A day whose trades carried no underlying price keeps the previous day's price (the line stays continuous).
    lastPrice = t.lastPrice ?? t.firstPrice ?? lastPrice;
    cumCall += t.calls.premium;
    cumPut += t.puts.premium;
    out.dates.push(day.date);
    out.prices.push(lastPrice ?? 0);
    out.call_premiums.push(round2(t.calls.premium));
    out.put_premiums.push(round2(t.puts.premium));
    out.net_premiums.push(round2(t.calls.premium - t.puts.premium));
    out.cum_call_premiums.push(round2(cumCall));
    out.cum_put_premiums.push(round2(cumPut));
    out.cum_net_premiums.push(round2(cumCall - cumPut));
  }
  return out;
}

export function byStrike(ticker: string, days: readonly DaySummary[], lookback: number): ByStrikeResponse {
  const sums = new Map<number, [number, number, number, number]>();
  for (const day of days) {
    for (const [strike, cp, pp, cs, ps] of day.tickers[ticker]?.strikes ?? []) {
      const s = sums.get(strike) ?? [0, 0, 0, 0];
      s[0] += cp;
      s[1] += pp;
      s[2] += cs;
      s[3] += ps;
      sums.set(strike, s);
    }
  }
  const strikes = [...sums.keys()].sort((a, b) => a - b);
  const col = (i: number) => strikes.map((k) => round2(sums.get(k)![i]!));
  return {
    ticker,
    lookback,
    ...range(days),
    strike_price: strikes,
    call_premiums: col(0),
    put_premiums: col(1),
    call_size: col(2),
    put_size: col(3),
  };
}

const SPDR_SECTOR = new Map<string, string>(SECTOR_ETFS.map((e) => [e.ticker, e.sector]));
export const ETF_SECTOR = 'Financials';
export const UNCLASSIFIED = 'Unclassified';

/**
 * The sector a ticker's row shows, and whether it counts in the sector statistics. ETFs show as
 * Financials but are left out of the sector pies (an index ETF's flow is not a bet on financials),
 * except the 11 SPDR sector ETFs, which count toward their own sector. Indexes show as Index and
 * tickers without a directory sector as Unclassified; neither has a sector to count toward.
 */
export function tickerSector(symbol: string, entry: DirectoryEntry | undefined): { sector: string; counts: boolean } {
  const spdr = SPDR_SECTOR.get(symbol);
  if (spdr) return { sector: spdr, counts: true };
  if (!entry) return { sector: UNCLASSIFIED, counts: false };
  if (entry.kind === 'etf') return { sector: ETF_SECTOR, counts: false };
  if (entry.kind === 'index') return { sector: 'Index', counts: false };
  const sector = entry.sector.trim();
  if (sector === '' || sector === UNCLASSIFIED || sector === 'ETF' || sector === 'Index')
    return { sector: sector || UNCLASSIFIED, counts: false };
  return { sector, counts: true };
}

const series = (m: Map<string, number>) =>
  [...m]
    .map(([name, value]) => ({ name, value: round2(value) }))
    .sort((a, b) => Math.abs(b.value) - Math.abs(a.value) || a.name.localeCompare(b.name));

export function topPremiums(
  days: readonly DaySummary[],
  lookback: number,
  directory: ReadonlyMap<string, DirectoryEntry>,
): TopPremiumsResponse {
  const totals = new Map<string, { calls: number; puts: number; top: LargestPrint | null }>();
  // A contract that expired before the last day has no page to open.
  const last = range(days).to ?? '';
  for (const day of days) {
    for (const t of Object.values(day.tickers)) {
      const s = totals.get(t.ticker) ?? { calls: 0, puts: 0, top: null };
      s.calls += t.calls.premium;
      s.puts += t.puts.premium;
      const l = t.largest;
      if (l && (parseOccSymbol(l.symbol)?.expiry ?? '') >= last && (!s.top || l.cost_basis > s.top.cost_basis))
        s.top = l;
      totals.set(t.ticker, s);
    }
  }
  const rows: TopPremiumsRow[] = [];
  const sectorCalls = new Map<string, number>();
  const sectorPuts = new Map<string, number>();
  const sectorNet = new Map<string, number>();
  let calls = 0;
  let puts = 0;
  for (const [ticker, s] of totals) {
    const { sector, counts } = tickerSector(ticker, directory.get(ticker));
    rows.push({
      ticker,
      calls: round2(s.calls),
      puts: round2(s.puts),
      net: round2(s.calls - s.puts),
      sector,
      top_contract: s.top,
    });
    calls += s.calls;
    puts += s.puts;
    if (!counts) continue;
    sectorCalls.set(sector, (sectorCalls.get(sector) ?? 0) + s.calls);
    sectorPuts.set(sector, (sectorPuts.get(sector) ?? 0) + s.puts);
    sectorNet.set(sector, (sectorNet.get(sector) ?? 0) + s.calls - s.puts);
  }
  rows.sort((a, b) => b.net - a.net || a.ticker.localeCompare(b.ticker));
  return {
    lookback,
    ...range(days),
    days: days.length,
    by_ticker: rows,
    sectors: { calls: series(sectorCalls), puts: series(sectorPuts), net: series(sectorNet) },
    sum: { calls: round2(calls), puts: round2(puts) },
  };
}
