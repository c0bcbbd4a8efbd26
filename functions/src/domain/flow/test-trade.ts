import type { FlowTrade } from '@tapewatch/shared/schemas/flow';

/** A complete flow trade with overrides and a fresh key (k001, k002, ...), for the flow domain tests. */
let n = 0;
export function trade(p: Partial<FlowTrade>): FlowTrade {
  n += 1;
  return {
    key: `k${String(n).padStart(3, '0')}`,
    ticker: 'SPY',
    date: '2024-03-08',
    time: '10:00:00',
    put_call: 'Call',
    strike_price: 500,
    date_expiration: '2024-03-15',
    DTE: 7,
    option_activity_type: 'Sweep',
    exchange: null,
    aggressor_ind: null,
    ask: 1.1,
    bid: 1,
    midpoint: 1.05,
    price: 1.1,
    size: 10,
    volume: 100,
    open_interest: 1000,
    underlying_price: 510,
    cost_basis: 1.1,
    trade_count: 1,
    fill: 'Ask',
    sentiment: 'Bullish',
    score: 0.5,
    ...p,
  };
}
