/**
 * Builds the committed demo bundle from ../shared/data (see its SOURCES.md). Run once by a
 * maintainer when the source data changes: `npx tsx scripts/demo-data/build-bundle.ts [sharedDataDir]`.
 * The app never reads ../shared at run time; it reads only the bundle written here.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { BUNDLE_DIR, BUNDLE_FILE, BUNDLE_FROM, BUNDLE_TICKERS } from './bundle-format.ts';

const source = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../shared/data'));

// 6 decimals keep the source's float32 closes (~7 significant digits) for every price in the range:
// 4 decimals were up to 1e-5 off for low-priced history (XLF 3.760660 on 2009-03-05).
const round = (v: string): string => {
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`not a number: ${v}`);
  return String(Math.round(n * 1e6) / 1e6);
};

function etfRows(ticker: string): string[] {
  // Source columns: Date,Close,High,Low,Open,Volume (yfinance order).
  const lines = readFileSync(join(source, 'etf', `${ticker}.csv`), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1);
  return lines
    .map((l) => l.split(','))
    .filter(([d]) => d! >= BUNDLE_FROM && d! <= DEMO_AS_OF)
    .map(([d, c, h, l, o, v]) =>
      [ticker, d, round(o!), round(h!), round(l!), round(c!), String(Math.round(Number(v)))].join(','),
    );
}

function vixRows(): string[] {
  // Source columns: DATE,OPEN,HIGH,LOW,CLOSE (CBOE VIX history; no volume).
  const lines = readFileSync(join(source, 'vix', 'vix-daily.csv'), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1);
  return lines
    .map((l) => l.split(','))
    .filter(([d]) => d! >= BUNDLE_FROM && d! <= DEMO_AS_OF)
    .map(([d, o, h, l, c]) => ['VIX', d, round(o!), round(h!), round(l!), round(c!), ''].join(','));
}

const rows = [...BUNDLE_TICKERS.filter((t) => t !== 'VIX').flatMap(etfRows), ...vixRows()];
const text = `${['ticker,date,open,high,low,close,volume', ...rows].join('\n')}\n`;
const gz = gzipSync(text, { level: 9 });
writeFileSync(join(BUNDLE_DIR, BUNDLE_FILE), gz);
const sha = createHash('sha256').update(text).digest('hex');
console.log(`${rows.length} rows, ${(gz.length / 1024).toFixed(0)} kB gzip, sha256 ${sha}`);
