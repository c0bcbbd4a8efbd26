import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SECTOR_ETFS } from '@tapewatch/shared/constants';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { parseCsv } from './csv.ts';
import { BUNDLE_DIR, STOCK_FILES, decodeStockSeries, type DecodedStock, type EncodedStock } from './universe-format.ts';

const gz = (name: string) => gunzipSync(readFileSync(join(BUNDLE_DIR, name))).toString('utf8');

/** The universe's daily histories, decoded one file at a time to keep memory flat. */
export function* readStocks(): Generator<DecodedStock> {
  for (const file of STOCK_FILES) {
    for (const line of gz(file).split('\n')) if (line) yield decodeStockSeries(JSON.parse(line) as EncodedStock);
  }
}

export function stockCount(): number {
  return STOCK_FILES.reduce((n, f) => n + gz(f).split('\n').filter(Boolean).length, 0);
}

const INDEX_ETFS: Record<string, string> = { SPY: 'S&P 500', QQQ: 'NASDAQ-100', IWM: 'Russell 2000' };

/**
 * The search directory of the demo: every ticker that has data (the stocks, the ETFs and VIX),
 * with names from the constituent lists and the exchange listings.
 */
export function buildDirectory(etfTickers: readonly string[]): DirectoryEntry[] {
  const listings = new Map(parseCsv(gz('listings.csv.gz')).map((r) => [r.symbol!, r]));
  const stocks: DirectoryEntry[] = parseCsv(gz('universe.csv.gz')).map((r) => ({
    symbol: r.symbol!,
    company: r.company!,
    sector: r.sector || 'Unclassified',
    industry: r.industry ?? '',
    exchange: r.exchange ?? '',
    kind: 'stock',
    in_sp500: r.in_sp500 === '1',
    in_nasdaq100: r.in_nasdaq100 === '1',
    shares_outstanding: r.shares_outstanding_est ? Number(r.shares_outstanding_est) : null,
    shares_outstanding_is_estimate: true,
    ...(r.shares_valid_from ? { shares_outstanding_from: r.shares_valid_from } : {}),
    ...(r.share_class_of ? { share_class_of: r.share_class_of } : {}),
  }));
  const sectorOf = new Map<string, string>(SECTOR_ETFS.map((s) => [s.ticker, s.sector]));
  const others: DirectoryEntry[] = etfTickers.map((t) => {
    const listing = listings.get(t);
    const isIndex = t === 'VIX';
    return {
      symbol: t,
      company: isIndex ? 'CBOE Volatility Index' : (listing?.name ?? t),
      sector: isIndex ? 'Index' : 'ETF',
      industry: isIndex ? 'Volatility index' : sectorOf.has(t) ? `${sectorOf.get(t)} sector ETF` : `${INDEX_ETFS[t] ?? 'Index'} ETF`,
      exchange: isIndex ? 'Cboe' : (listing?.exchange ?? ''),
      kind: isIndex ? 'index' : 'etf',
      in_sp500: false,
      in_nasdaq100: false,
      shares_outstanding: null,
      shares_outstanding_is_estimate: false,
    };
  });
  return [...others, ...stocks].sort((a, b) => a.symbol.localeCompare(b.symbol));
}

/** The listings directory (~13,000 NASDAQ and NYSE symbols), for the search bench. */
export function readListings(): Array<{ symbol: string; company: string }> {
  return parseCsv(gz('listings.csv.gz')).map((r) => ({ symbol: r.symbol!, company: r.name! }));
}
