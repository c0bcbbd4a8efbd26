import type { McHeatmapRow } from '@tapewatch/shared/schemas/sector-rotation';

export interface MarketMapInput {
  ticker: string;
  company: string;
  sector: string;
  sharesOutstanding: number | null;
  /** Primary class when this is a secondary class of the same company (GOOG -> GOOGL). */
  shareClassOf?: string;
  dates: readonly string[];
  closes: readonly number[];
}

/**
 * One row per S&P 500 member that traded on the as-of date and the day before: market cap =
 * shares outstanding (an estimate in the demo) x last close, change = last two closes.
 * Members without a share count or a previous close are left out rather than drawn with size 0,
 * and a secondary share class is left out because its count is the whole company's (Alphabet
 * would otherwise be drawn twice).
 */
export function marketMapRows(inputs: readonly MarketMapInput[], asOf: string): McHeatmapRow[] {
  const rows: McHeatmapRow[] = [];
  for (const s of inputs) {
    const n = s.dates.length;
    if (!s.sharesOutstanding || s.shareClassOf || n < 2 || s.dates[n - 1] !== asOf) continue;
    const last = s.closes[n - 1]!;
    const prev = s.closes[n - 2]!;
    const change = 100 * (last / prev - 1);
    const cap = s.sharesOutstanding * last;
    if (!Number.isFinite(change) || !Number.isFinite(cap) || cap <= 0) continue;
    rows.push({
      ticker: s.ticker,
      company: s.company,
      sector: s.sector,
      market_cap: Math.round(cap),
      change_pct: Math.round(change * 1e4) / 1e4,
    });
  }
  return rows.sort((a, b) => b.market_cap - a.market_cap);
}
