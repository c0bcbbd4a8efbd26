import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SECTOR_ETFS } from '@tapewatch/shared/constants';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { ETF_NAME_AT_DEMO_DATE, EXCHANGE_AT_DEMO_DATE } from './as-of-demo-date.ts';
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
 * Shares of one listed class of a multi-class company, for its float (the universe's share counts
 * are whole-company, Yahoo's convention). Alphabet: the basic share counts of the quarter holding the
 * demo date, Q1 2024 (three months ended 2024-03-31), from the earnings-per-share note of its 10-Q
 * (SEC EDGAR accession 0001652044-24-000053, filed 2024-04-26): Class A 5,883 million (GOOGL),
 * Class B 869 million (unlisted), Class C 5,663 million (GOOG). The other multi-class companies of
 * the universe (FOXA/FOX, NWSA/NWS) have no sourced class count here: their %float is unavailable
 * rather than taken against the whole company.
 */
export const CLASS_SHARES: Readonly<Record<string, number>> = { GOOGL: 5_883e6, GOOG: 5_663e6 };

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
    exchange: EXCHANGE_AT_DEMO_DATE[r.symbol!] ?? r.exchange ?? '',
    kind: 'stock',
    in_sp500: r.in_sp500 === '1',
    in_nasdaq100: r.in_nasdaq100 === '1',
    shares_outstanding: r.shares_outstanding_est ? Number(r.shares_outstanding_est) : null,
    shares_outstanding_is_estimate: true,
    ...(r.shares_valid_from ? { shares_outstanding_from: r.shares_valid_from } : {}),
    ...(r.share_class_of ? { share_class_of: r.share_class_of } : {}),
  }));
  // Every class of a multi-class company: the secondaries and the primary they point to.
  const multiClass = new Set(stocks.flatMap((e) => (e.share_class_of ? [e.symbol, e.share_class_of] : [])));
  for (const e of stocks) if (multiClass.has(e.symbol)) e.class_shares_outstanding = CLASS_SHARES[e.symbol] ?? null;
  const sectorOf = new Map<string, string>(SECTOR_ETFS.map((s) => [s.ticker, s.sector]));
  const others: DirectoryEntry[] = etfTickers.map((t) => {
    const listing = listings.get(t);
    const isIndex = t === 'VIX';
    return {
      symbol: t,
      company: isIndex ? 'CBOE Volatility Index' : (ETF_NAME_AT_DEMO_DATE[t] ?? listing?.name ?? t),
      sector: isIndex ? 'Index' : 'ETF',
      industry: isIndex
        ? 'Volatility index'
        : sectorOf.has(t)
          ? `${sectorOf.get(t)} sector ETF`
          : `${INDEX_ETFS[t] ?? 'Index'} ETF`,
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
