import type { OptionChain, OptionSide } from '@tapewatch/shared/schemas/option-chain';

const side = (symbol: string, bid: number, volume: number, oi: number, delta: number): OptionSide => ({
  symbol,
  bid,
  ask: bid + 0.1,
  mid: bid + 0.05,
  last: bid + 0.02,
  volume,
  open_interest: oi,
  iv: 0.2,
  delta,
  gamma: 0.01,
  theta: -0.05,
  vega: 0.2,
});

/** A small SPY chain around 511.72: strikes 495..530 every 5, two expirations. */
export function chainFixture(expiration = '2024-03-15'): OptionChain {
  const strikes = [495, 500, 505, 510, 515, 520, 525, 530];
  return {
    ticker: 'SPY',
    as_of: '2024-03-08 16:15:00',
    underlying_price: 511.72,
    price_basis: 'as_traded',
    rates: { r: 0.053, q: 0.013 },
    expirations: [
      { expiration: '2024-03-11', dte: 3, monthly: false },
      { expiration: '2024-03-15', dte: 7, monthly: true },
    ],
    expiration,
    rows: strikes.map((k, i) => ({
      expiration,
      strike: k,
      // 520 calls: volume 900 over OI 100 (hot); 500 puts: the largest OI.
      call: side(`SPY240315C00${k}000`, Math.max(0.05, 511.72 - k + 2), k === 520 ? 900 : 10, 100 + i, 0.9 - i * 0.1),
      put: side(`SPY240315P00${k}000`, Math.max(0.05, k - 511.72 + 2), 20, k === 500 ? 9000 : 200 + i, -0.1 - i * 0.1),
    })),
  };
}
