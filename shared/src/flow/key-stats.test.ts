import { describe, expect, it } from 'vitest';
import type { FlowTrade } from '../schemas/flow.ts';
import { keyStats, largestPremiums, padPremiums } from './key-stats.ts';

const t = (ticker: string, put_call: 'Call' | 'Put', cost_basis: number, score: number, size: number) =>
  ({ ticker, put_call, cost_basis, score, size }) as FlowTrade;

describe('key stats', () => {
  it('puts calls first, averages score to 2 decimals, rounds premium, sums contracts', () => {
    const s = keyStats([
      t('SPY', 'Call', 10.4, 0.5, 10),
      t('QQQ', 'Call', 20.2, 0.255, 5),
      t('SPY', 'Put', 99.5, 1, 7),
    ]);
    expect(s).toEqual({ tradeCount: [2, 1], score: [0.38, 1], costBasis: [31, 100], volume: [15, 7] });
  });
  it('is all zeros for an empty list', () => {
    expect(keyStats([])).toEqual({ tradeCount: [0, 0], score: [0, 0], costBasis: [0, 0], volume: [0, 0] });
  });
});

describe('largest premiums', () => {
  const list = [
    t('SPY', 'Call', 10, 0, 1),
    t('SPY', 'Call', 15.6, 0, 1),
    t('AAPL', 'Call', 25, 0, 1),
    t('QQQ', 'Call', 5, 0, 1),
    t('TSLA', 'Put', 99, 0, 1),
  ];
  it('sums per ticker on one side, largest first, ties by ticker', () => {
    expect(largestPremiums(list, 'Call')).toEqual([
      { ticker: 'SPY', costBasis: 26 },
      { ticker: 'AAPL', costBasis: 25 },
      { ticker: 'QQQ', costBasis: 5 },
    ]);
    expect(largestPremiums(list, 'Put')).toEqual([{ ticker: 'TSLA', costBasis: 99 }]);
  });
  it('keeps at most 30 and pads to 30 bars', () => {
    const many = Array.from({ length: 40 }, (_, i) => t(`T${String(i).padStart(2, '0')}`, 'Call', i, 0, 1));
    const top = largestPremiums(many, 'Call');
    expect(top).toHaveLength(30);
    expect(top[0]).toEqual({ ticker: 'T39', costBasis: 39 });
    expect(top.at(-1)).toEqual({ ticker: 'T10', costBasis: 10 });
    const padded = padPremiums(largestPremiums(list, 'Put'));
    expect(padded).toHaveLength(30);
    expect(padded[1]).toEqual({ ticker: '', costBasis: 0 });
  });
});
