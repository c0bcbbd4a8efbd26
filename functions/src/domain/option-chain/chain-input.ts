import type { CloseBasis } from '@tapewatch/shared/schemas/tickers';
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
export function chainInputFrom(
  ticker: string,
  kind: 'stock' | 'etf',
  chain: VendorChain,
  source: 'demo' | 'live',
): ChainInput | null {
  if (chain.underlyingPrice === null || chain.asOf === null) return null;
  return {
    ticker,
    asOf: chain.asOf,
    spot: chain.underlyingPrice,
    priceBasis: chainPriceBasis(kind, source),
    r: RISK_FREE_RATE,
    q: dividendYieldOf({ symbol: ticker, kind }),
    quotes: chain.rows,
  };
}

/**
 * The price scale of a chain's strikes (issue 37 item 4): a vendor's chain is quoted on the price as
 * traded; the demo builds its chains on the bundle's closes, and the bundled ETF histories are yfinance
 * auto_adjust closes with no as-traded column (tickers/quote.ts closeBasisOf), so an ETF's demo strikes
 * and moneyness sit on the dividend-adjusted scale (XLK 102.62 on 2024-03-08; it traded near 209).
 */
export function chainPriceBasis(kind: 'stock' | 'etf', source: 'demo' | 'live'): CloseBasis {
  return source === 'demo' && kind === 'etf' ? 'dividend_adjusted' : 'as_traded';
}
