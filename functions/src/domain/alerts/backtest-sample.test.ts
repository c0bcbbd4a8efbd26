import { describe, expect, it } from 'vitest';
import { trade } from '../flow/test-trade.ts';
import { pnlAt, printPnlAt, samplePrints, type Mark } from './backtest-sample.ts';
import { toColumns } from './flow-columns.ts';

const rule = {
  id: 'r',
  userId: 'u',
  name: 'r',
  filters: [{ filter: 'Premium' as const, selector: 'Greater than equal' as const, value: '100' }],
};

describe('backtest sample and option P&L', () => {
  const date = '2024-01-02';
  const day = toColumns(date, [
    // 10 calls bought at the ask (1.10), caught.
    trade({ ticker: 'XYZ', date, put_call: 'Call', price: 1.1, ask: 1.1, bid: 1, size: 10, cost_basis: 110 }),
    // 20 puts sold at the bid (2.00), caught.
    trade({
      ticker: 'XYZ',
      date,
      put_call: 'Put',
      strike_price: 490,
      price: 2,
      ask: 2.1,
      bid: 2,
      size: 20,
      cost_basis: 400,
    }),
    // Small, not caught: only in the baseline.
    trade({ ticker: 'XYZ', date, put_call: 'Call', price: 1.1, ask: 1.1, bid: 1, size: 1, cost_basis: 1.1 }),
    // Another ticker, not in the baseline's set.
    trade({ ticker: 'ABC', date, put_call: 'Call', price: 1.05, ask: 1.1, bid: 1, size: 5, cost_basis: 105 }),
  ]);
  // Hand-made marks: calls at 2.00, puts at 1.50, one session on; nothing known five sessions on.
  const mark: Mark = (_t, _d, c, h) => (h === 1 ? (c.put_call === 'Call' ? 2 : 1.5) : null);

  it('lists the caught prints and all prints of the baseline tickers, with side, contract and premium', () => {
    const s = samplePrints([day], rule, new Set(['XYZ']), 10);
    expect(s.caught.map((p) => [p.ticker, p.put_call, p.side, p.size, p.premium])).toEqual([
      ['ABC', 'Call', 0, 5, 105],
      ['XYZ', 'Call', 1, 10, 110],
      ['XYZ', 'Put', -1, 20, 400],
    ]);
    expect(s.baseline).toHaveLength(3);
    expect(s.baseline.every((p) => p.ticker === 'XYZ')).toBe(true);
  });

  it('signs the P&L by the side: the bought call gains, the sold put gains as the put falls', () => {
    const [abc, call, put] = samplePrints([day], rule, new Set(['XYZ']), 10).caught;
    expect(printPnlAt(call!, mark, 1)).toBe(900); // (2.00 - 1.10) x 10 x 100
    expect(printPnlAt(put!, mark, 1)).toBe(1000); // (1.50 - 2.00) x 20 x 100 x -1
    expect(printPnlAt(abc!, mark, 1)).toBeNull(); // no side
    expect(printPnlAt(call!, mark, 5)).toBeNull(); // no mark yet
  });

  it('sums the sided, marked prints: P&L, premium, return and winners', () => {
    const s = samplePrints([day], rule, new Set(['XYZ']), 10);
    expect(pnlAt(s.caught, mark, 1)).toEqual({ prints: 2, pnl: 1900, premium: 5100, return: 0.373, winners: 1 });
    // The baseline adds the one-lot call: (2.00 - 1.10) x 1 x 100 = 90 on 110.
    expect(pnlAt(s.baseline, mark, 1)).toEqual({ prints: 3, pnl: 1990, premium: 5210, return: 0.382, winners: 1 });
    expect(pnlAt(s.caught, mark, 5).prints).toBe(0);
  });

  it('samples evenly within a day when it caught more than the cap', () => {
    const many = toColumns(
      date,
      Array.from({ length: 100 }, (_, i) =>
        trade({ ticker: 'XYZ', date, time: `10:${String(i % 60).padStart(2, '0')}:00`, size: i + 1, cost_basis: 500 }),
      ),
    );
    const s = samplePrints([many], rule, new Set(), 4);
    expect(s.caught.map((p) => p.size)).toEqual([13, 38, 63, 88]);
    expect(s.baseline).toEqual([]);
  });
});
