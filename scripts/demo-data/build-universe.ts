/**
 * Builds the committed demo universe from ../shared/data (see its SOURCES.md): constituents with
 * sectors and market-cap buckets, the listings directory, compact daily OHLCV of the S&P 500 and
 * NASDAQ-100 stocks, and Shiller's monthly S&P 500 data.
 * `npx tsx scripts/demo-data/build-universe.ts [sharedDataDir]`. The app reads only the output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { BUNDLE_DIR, STOCK_FILES, encodeStockSeries, type StockRow } from './universe-format.ts';
import { parseCsv, toCsv } from './csv.ts';
import {
  estimateSharesAt,
  parseSplits,
  secondaryClasses,
  sharesValidFrom,
  type CapSnapshot,
} from './shares-at-date.ts';

const source = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../shared/data'));
const read = (p: string) => readFileSync(join(source, p), 'utf8');
const write = (name: string, text: string) => {
  const gz = gzipSync(text, { level: 9 });
  writeFileSync(join(BUNDLE_DIR, name), gz);
  console.log(`${name}: ${(gz.length / 1024).toFixed(0)} kB`);
};

// 1. Stocks: one JSON line per ticker, delta-encoded (see universe-format.ts).
const stockText = gunzipSync(
  readFileSync(join(source, 'stocks/sp500_ndx100_daily_2014-01-02_2024-03-08.csv.gz')),
).toString('utf8');
const byTicker = new Map<string, StockRow[]>();
for (const r of parseCsv(stockText)) {
  if (r.date! > DEMO_AS_OF) continue;
  const rows = byTicker.get(r.symbol!) ?? [];
  rows.push({
    date: r.date!,
    open: +r.open!,
    high: +r.high!,
    low: +r.low!,
    close: +r.close!,
    adjClose: +r.adj_close!,
    volume: Math.round(+r.volume!),
  });
  byTicker.set(r.symbol!, rows);
}
const tickers = [...byTicker.keys()].sort();
const lines = tickers.map((t) => JSON.stringify(encodeStockSeries(t, byTicker.get(t)!)));
const per = Math.ceil(lines.length / STOCK_FILES.length);
STOCK_FILES.forEach((name, i) => write(name, `${lines.slice(i * per, (i + 1) * per).join('\n')}\n`));

// 2. Constituents with GICS sector, sub-industry and shares outstanding at the demo date (an estimate).
const sp = new Map(parseCsv(read('reference/sp500_constituents.csv')).map((r) => [r.Symbol!, r]));
const ndx = new Map(parseCsv(read('reference/nasdaq100_constituents.csv')).map((r) => [r.Ticker!, r]));
const nasdaq = new Map(parseCsv(read('reference/nasdaq_listed_symbols.csv')).map((r) => [r.Symbol!, r]));
const other = new Map(parseCsv(read('reference/nyse_other_listed.csv')).map((r) => [r['ACT Symbol']!, r]));
const exchangeName: Record<string, string> = { N: 'NYSE', A: 'NYSE American', P: 'NYSE Arca', Z: 'Cboe BZX', V: 'IEX' };

// Yahoo snapshots of the S&P 500 (Market Cap, Price), nearest to the demo date first. The 2026 file's
// date is its commit date (SOURCES.md); the split list ends 2026-02, so later splits are missed and
// the sanity rule in shares-at-date.ts catches them.
const SNAPSHOTS = [
  { label: '2024-10-10', date: '2024-10-10', file: 'reference/sp500_constituents_financials_2024-10-10.csv' },
  { label: '2026-08-22', date: '2026-08-22', file: 'reference/sp500_constituents_financials.csv' },
].map((s) => ({ ...s, rows: new Map(parseCsv(read(s.file)).map((r) => [r.Symbol!, r])) }));
const splits = parseSplits(parseCsv(read('reference/stock_splits_2024-2026.csv')));
const snapshotsOf = (t: string): CapSnapshot[] =>
  SNAPSHOTS.flatMap((s) => {
    const r = s.rows.get(t);
    return r ? [{ label: s.label, date: s.date, price: Number(r.Price), marketCap: Number(r['Market Cap']) }] : [];
  });

const lastRows = (t: string, n: number) => byTicker.get(t)!.slice(-n);
const classOf = secondaryClasses(
  tickers.map((t) => ({
    symbol: t,
    issuer: sp.get(t)?.CIK ?? '',
    dollarVolume: lastRows(t, 20).reduce((a, r) => a + r.close * r.volume, 0),
  })),
);
const capNotes: string[] = [];

const universe = tickers.map((t) => {
  const s = sp.get(t);
  const n = ndx.get(t);
  const close = lastRows(t, 1)[0]!.close;
  const est = estimateSharesAt(t, DEMO_AS_OF, close, snapshotsOf(t), splits);
  if (est.shares === null || est.rejected.length > 0)
    capNotes.push(
      `${t}: ${est.source ? `from ${est.source}; ` : 'no market cap; '}${est.rejected.join('; ') || 'in no snapshot'}`,
    );
  const exchange = nasdaq.has(t) ? 'NASDAQ' : (exchangeName[other.get(t)?.Exchange ?? ''] ?? '');
  return {
    symbol: t,
    company: s?.Security ?? n?.Company ?? nasdaq.get(t)?.['Company Name'] ?? other.get(t)?.['Company Name'] ?? t,
    // NASDAQ-100 file's "GICS" columns hold Wikipedia industry labels; prefer the S&P file's real GICS.
    sector: s?.['GICS Sector'] ?? '',
    industry: s?.['GICS Sub-Industry'] ?? n?.GICS_Sub_Industry ?? '',
    in_sp500: s ? '1' : '0',
    in_nasdaq100: n ? '1' : '0',
    exchange,
    shares_outstanding_est: est.shares === null ? '' : String(est.shares),
    shares_source: est.source ?? '',
    shares_valid_from:
      est.shares === null
        ? ''
        : (sharesValidFrom(
            byTicker.get(t)!.map((r) => r.date),
            byTicker.get(t)!.map((r) => r.close),
          ) ?? ''),
    share_class_of: classOf.get(t) ?? '',
  };
});
console.log(
  `shares at ${DEMO_AS_OF}: ${universe.filter((u) => u.shares_outstanding_est).length}/${universe.length}; secondary classes: ${[...classOf].map(([a, b]) => `${a}->${b}`).join(' ')}`,
);
console.log(capNotes.join('\n'));
console.log(
  `share counts valid only from: ${
    universe
      .filter((u) => u.shares_valid_from)
      .map((u) => `${u.symbol} ${u.shares_valid_from}`)
      .join(', ') || 'none'
  }`,
);
write('universe.csv.gz', toCsv(universe));

// 3. Listings directory (all NASDAQ and NYSE/other listed symbols) for names and exchange lookups.
const listings = [
  ...[...nasdaq.values()]
    .filter((r) => r['Test Issue'] !== 'Y')
    .map((r) => ({ symbol: r.Symbol!, name: r['Security Name']!, exchange: 'NASDAQ', etf: r.ETF === 'Y' ? '1' : '0' })),
  ...[...other.values()]
    .filter((r) => r['Test Issue'] !== 'Y')
    .map((r) => ({
      symbol: r['ACT Symbol']!,
      name: r['Security Name']!.trim(),
      exchange: exchangeName[r.Exchange!] ?? r.Exchange!,
      etf: r.ETF === 'Y' ? '1' : '0',
    })),
].sort((a, b) => a.symbol.localeCompare(b.symbol));
write('listings.csv.gz', toCsv(listings));

// 4. Shiller monthly S&P 500 (0.0 means missing in the source after mid-2023).
write('shiller-sp500-monthly.csv.gz', read('sp500_fundamentals/shiller_sp500_monthly.csv'));
