import { describe, expect, it } from 'vitest';
import type { DailyBar } from '../providers/polygon/aggregates.ts';
import { mergeBars } from './prices.ts';

const bar = (date: string, close: number): DailyBar => ({
  ticker: 'X',
  date,
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  volume: 100,
  vwap: null,
  transactions: null,
  timestamp: 0,
});

describe('mergeBars', () => {
  const chunk = {
    date: ['2024-03-06', '2024-03-08'],
    open: [9, 11],
    high: [11, 13],
    low: [8, 10],
    close: [10, 12],
    volume: [50, 60],
    adjClose: [9.9, 11.9],
  };
  it('inserts a missing day in date order and replaces an existing one', () => {
    const out = mergeBars(chunk, [bar('2024-03-07', 11), bar('2024-03-08', 12.5)]);
    expect(out.date).toEqual(['2024-03-06', '2024-03-07', '2024-03-08']);
    expect(out.close).toEqual([10, 11, 12.5]);
    // A replaced day keeps its dividend-adjusted close; a new day starts at its close.
    expect(out.adjClose).toEqual([9.9, 11, 11.9]);
  });
  it('is idempotent', () => {
    const once = mergeBars(chunk, [bar('2024-03-07', 11)]);
    expect(mergeBars(once, [bar('2024-03-07', 11)])).toEqual(once);
  });
});
