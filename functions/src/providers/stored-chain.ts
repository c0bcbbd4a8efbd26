import type { OptionQuote } from './option-quote.ts';

/**
 * A day's option chain as stored for the option-walls analytics: written by the option chains ingest,
 * and made on demand by get_option_walls for other tickers (here, so both import it from one place).
 */
/** The fields the option-walls analytics need, one tuple per contract to keep a day's chain small. */
export type StoredContract = [
  expiry: string,
  type: 'C' | 'P',
  strike: number,
  openInterest: number,
  delta: number | null,
  gamma: number | null,
  iv: number | null,
  volume: number,
];

export interface StoredChain {
  underlying: string;
  date: string;
  spot: number | null;
  contracts: StoredContract[];
}

export function toStoredChain(
  underlying: string,
  date: string,
  spot: number | null,
  quotes: readonly OptionQuote[],
): StoredChain {
  return {
    underlying,
    date,
    spot,
    contracts: quotes.map((q) => [
      q.expiry,
      q.type === 'call' ? 'C' : 'P',
      q.strike,
      q.openInterest ?? 0,
      q.delta,
      q.gamma,
      q.iv,
      q.volume ?? 0,
    ]),
  };
}
