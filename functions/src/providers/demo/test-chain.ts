import { parseCboeOptionChain } from '../cboe/option-chain.ts';
import { generateCboeOptionChain } from './cboe-option-chain.ts';
import { optionsMarket, type UnderlyingDay } from '../../domain/options-market/index.ts';
import type { ChainInput } from '../../domain/option-chain/chain-view.ts';
import { chainPriceBasis } from '../../domain/option-chain/chain-input.ts';

/** A chain as the handlers get it: the options market's CBOE-format snapshot through the CBOE parser. */
export function testChain(u: UnderlyingDay, seed = 7): ChainInput {
  const market = optionsMarket(u, seed);
  const report = parseCboeOptionChain(JSON.parse(generateCboeOptionChain(market, seed)));
  return {
    ticker: u.symbol,
    asOf: report.asOf!,
    spot: report.underlyingPrice!,
    priceBasis: chainPriceBasis(u.kind, 'demo'),
    r: market.r,
    q: market.q,
    quotes: report.rows,
  };
}
