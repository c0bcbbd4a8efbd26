import type { FlowTrade } from '@tapewatch/shared/schemas/flow';

/** A complete flow trade with overrides, for the flow component tests. */
export function trade(over: Partial<FlowTrade> & { key: string }): FlowTrade {
  return {
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
    ask: null,
    bid: null,
    midpoint: null,
    price: 1,
    size: 100,
    volume: 200,
    open_interest: 300,
    underlying_price: 505,
    cost_basis: 10,
    trade_count: 1,
    fill: 'Ask',
    sentiment: 'Bullish',
    score: 0.5,
    ...over,
  };
}
