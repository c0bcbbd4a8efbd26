import type { ParseReport } from './parse-report.ts';
import { isCalendarDate } from './wire-values.ts';

/** Parsed OCC option symbol, e.g. IWM260702C00150000 -> IWM, 2026-07-02, call, 150. */
export interface OccSymbol {
  /** Option root as printed (SPXW, IWM, AAPL1 for an adjusted series). */
  root: string;
  /** Underlying ticker the root trades on (SPXW -> SPX); equal to root for ordinary equity options. */
  underlying: string;
  expiry: string;
  type: 'call' | 'put';
  strike: number;
}

// Weekly/PM-settled index roots whose underlying is the plain index.
const ROOT_TO_UNDERLYING: Record<string, string> = {
  SPXW: 'SPX',
  NDXP: 'NDX',
  RUTW: 'RUT',
  VIXW: 'VIX',
  XSPW: 'XSP',
  DJXW: 'DJX',
};

// OCC form pads the root to 6 with spaces; CBOE prints it compact; Polygon prefixes "O:".
const OCC = /^(?:O:)?([A-Z0-9.]{1,6})\s*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

export function parseOccSymbol(symbol: string): OccSymbol | null {
  const m = OCC.exec(symbol.trim().toUpperCase());
  if (!m) return null;
  const [, root = '', yy = '', mm = '', dd = '', cp, strike = ''] = m;
  // OCC years are two digits; listed options never reach back to the 1900s.
  const year = 2000 + Number(yy);
  if (!isCalendarDate(year, Number(mm), Number(dd))) return null;
  return {
    root,
    underlying: ROOT_TO_UNDERLYING[root] ?? root,
    expiry: `${year}-${mm}-${dd}`,
    type: cp === 'C' ? 'call' : 'put',
    strike: Number(strike) / 1000,
  };
}

/** Compact OCC symbol (no padding, no vendor prefix), the key used across providers. */
export { formatOccSymbol } from '../domain/options-market/occ-symbol.ts';

/** One option-chain line, identical whichever vendor produced it. Missing values are null, never 0. */
export interface OptionQuote extends OccSymbol {
  /** Compact OCC symbol. */
  symbol: string;
  bid: number | null;
  ask: number | null;
  bidSize: number | null;
  askSize: number | null;
  last: number | null;
  /** New York local time of the last trade, 'YYYY-MM-DDTHH:mm:ss'. */
  lastTradeTime: string | null;
  volume: number | null;
  openInterest: number | null;
  /** Implied volatility as a decimal (0.2403 = 24.03%); null when the vendor did not compute one. */
  iv: number | null;
  delta: number | null;
  gamma: number | null;
  theta: number | null;
  vega: number | null;
  rho: number | null;
  /** Vendor's theoretical value. */
  theo: number | null;
  prevClose: number | null;
  change: number | null;
}

export interface OptionChainReport extends ParseReport<OptionQuote> {
  underlying: string | null;
  underlyingPrice: number | null;
  /** Snapshot time as given by the vendor (CBOE: 'YYYY-MM-DD HH:mm:ss'). */
  asOf: string | null;
}
