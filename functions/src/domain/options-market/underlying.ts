import { SECTOR_ETFS } from '@tapewatch/shared/constants';
/**
 * What the options market of one underlying on one trading day is built from: real closes and
 * volumes from the bundled history (or a live quote), never invented prices.
 */
export interface UnderlyingDay {
  symbol: string;
  kind: 'stock' | 'etf';
  /** Trading date (YYYY-MM-DD) of the snapshot. */
  date: string;
  /** Close of `date` and of the session before. */
  close: number;
  prevClose: number;
  /** Annualised volatility of daily log returns over ~3 months (63 sessions) before `date`. */
  realisedVol: number;
  /** The same over ~1 year (252 sessions): where implied volatility mean-reverts to. */
  longVol: number;
  /** Mean daily dollar volume over the last month: sets liquidity (listing, spreads, OI). */
  dollarVolume: number;
  /** Lowest and highest close of the last ~20 sessions: strikes listed while the price moved stay listed. */
  rangeLow: number;
  rangeHigh: number;
  /** Close over its ~3-month high, minus 1 (0 at a high, -0.1 ten percent below). */
  drawdown: number;
  /** VIX close of `date`: SPX's 30-day implied volatility, the anchor of SPY's surface. */
  vix?: number;
}

/** Index ETFs whose surfaces carry the index put skew and which list Monday-Friday expirations. */
export const DAILY_EXPIRY_ETFS: ReadonlySet<string> = new Set(['SPY', 'QQQ', 'IWM']);
const BROAD_INDEX_ETFS: ReadonlySet<string> = new Set(['SPY', 'QQQ', 'IWM', 'DIA']);

/**
 * Trailing dividend yields of the index ETFs in early 2024 (issuer fact sheets, rounded). Stocks:
 * the bundle carries no dividends, so q = 0 for them; the pricing takes any q.
 */
const DIVIDEND_YIELD: Readonly<Record<string, number>> = { SPY: 0.013, QQQ: 0.006, IWM: 0.012, DIA: 0.018 };
const SECTOR_ETF_YIELD = 0.016;

/** Listing and quoting liquidity: how the exchanges and market makers treat a name. */
export type Liquidity = 'index' | 'liquid' | 'thin';

/**
 * Names trading over $1B a day all list weeklies in practice (Cboe's Short Term Option Series
 * program requires a liquid, widely held underlying); under $150M a day, quotes are wide and only the
 * standard cycle is listed.
 */
export const LIQUIDITY_USD = { liquid: 1e9, thin: 1.5e8 } as const;

export function liquidityOf(u: Pick<UnderlyingDay, 'symbol' | 'kind' | 'dollarVolume'>): Liquidity {
  if (u.kind === 'etf' && BROAD_INDEX_ETFS.has(u.symbol)) return 'index';
  return u.dollarVolume >= LIQUIDITY_USD.liquid ? 'liquid' : 'thin';
}

/** ETFs (index and sector) carry an index-like put skew; single stocks a smile. */
export const hasIndexSkew = (u: Pick<UnderlyingDay, 'kind'>): boolean => u.kind === 'etf';

export function dividendYieldOf(u: Pick<UnderlyingDay, 'symbol' | 'kind'>): number {
  if (u.kind === 'stock') return 0;
  return DIVIDEND_YIELD[u.symbol] ?? SECTOR_ETF_YIELD;
}

const SECTOR_SPDRS: ReadonlySet<string> = new Set(SECTOR_ETFS.map((e) => e.ticker));

/**
 * The dividend yield of a name known only by its symbol (a print): the index ETFs' and sector SPDRs'
 * yields above, 0 for anything else (the demo's stocks; a live ETF outside these lists too).
 */
export function symbolDividendYield(symbol: string): number {
  const s = symbol.toUpperCase();
  return DIVIDEND_YIELD[s] ?? (SECTOR_SPDRS.has(s) ? SECTOR_ETF_YIELD : 0);
}

/** T-bill yield through 2023 and early 2024 (3-month bill 5.2-5.5%); one flat rate for the demo year. */
export const RISK_FREE_RATE = 0.053;
