import type { ContractDay } from '@tapewatch/shared/schemas/option-contract';
import { dayNumber } from '../calendar/dates.ts';
import { expirationRows, type ChainInput } from '../option-chain/chain-view.ts';

/**
 * One contract's figures in one chain snapshot, computed by the Option Chain page's own row code
 * (IV and delta of the mid), so the contract page and the chain agree; null when the chain does not
 * list the contract.
 */
export function contractDay(input: ChainInput, symbol: string): ContractDay | null {
  const quote = input.quotes.find((q) => q.symbol === symbol);
  if (!quote) return null;
  const date = input.asOf.slice(0, 10);
  // Object.assign, not `{ ...input, quotes }`: a literal that starts with a spread is Node 20's slow path.
  const one: ChainInput = Object.assign({}, input, { quotes: [quote] });
  const [row] = expirationRows(one, quote.expiry, dayNumber(quote.expiry) - dayNumber(date));
  const side = row?.[quote.type];
  if (!side) return null;
  return {
    date,
    underlying_price: input.spot,
    bid: side.bid,
    ask: side.ask,
    mid: side.mid,
    volume: side.volume,
    open_interest: side.open_interest,
    iv: side.iv,
    delta: side.delta,
  };
}
