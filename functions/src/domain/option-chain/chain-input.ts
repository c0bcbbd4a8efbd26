import { dividendYieldOf, RISK_FREE_RATE } from '../options-market/index.ts';
import type { ChainInput, ChainQuote } from './chain-view.ts';

/** A vendor chain as its adapters report it (structurally the providers' OptionChainReport). */
export interface VendorChain {
  underlyingPrice: number | null;
  asOf: string | null;
  rows: readonly ChainQuote[];
}

/**
 * The chain analytics' input from a vendor chain, with the rates its IVs are solved at; null when the
 * vendor sent no underlying price or snapshot time (nothing can be solved without them).
 */
export function chainInputFrom(ticker: string, kind: 'stock' | 'etf', chain: VendorChain): ChainInput | null {
  if (chain.underlyingPrice === null || chain.asOf === null) return null;
  return {
    ticker,
    asOf: chain.asOf,
    spot: chain.underlyingPrice,
    r: RISK_FREE_RATE,
    q: dividendYieldOf({ symbol: ticker, kind }),
    quotes: chain.rows,
  };
}
