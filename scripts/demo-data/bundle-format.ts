import { join } from 'node:path';

export const BUNDLE_DIR = join(import.meta.dirname, 'bundle');
export const BUNDLE_FILE = 'daily-etf-vix.csv.gz';
export const BUNDLE_FROM = '2003-12-01';
/** Index ETFs, the 11 sector SPDRs and the VIX index. */
export const BUNDLE_TICKERS = [
  'SPY',
  'QQQ',
  'IWM',
  'XLC',
  'XLY',
  'XLP',
  'XLE',
  'XLF',
  'XLV',
  'XLI',
  'XLK',
  'XLB',
  'XLRE',
  'XLU',
  'VIX',
] as const;
