import { describe, expect, it } from 'vitest';
import { summarizeDay } from '../domain/flow/day-summary.ts';
import { trade } from '../domain/flow/test-trade.ts';
import { latestFlowDate } from './ticker-day-cache.ts';

const day = (date: string, tickers: string[]) =>
  summarizeDay(
    date,
    tickers.map((ticker) => trade({ date, ticker })),
  );

describe('latest flow date of a ticker', () => {
  const full = [day('2024-03-07', ['SPY']), day('2024-03-06', ['SPY', 'IWM'])];
  it('is today once the ticker traded today, else its newest full day, else null', () => {
    expect(latestFlowDate({ today: '2024-03-08', current: day('2024-03-08', ['SPY']), full }, 'SPY')).toBe(
      '2024-03-08',
    );
    expect(latestFlowDate({ today: '2024-03-08', current: day('2024-03-08', ['QQQ']), full }, 'IWM')).toBe(
      '2024-03-06',
    );
    expect(latestFlowDate({ today: '2024-03-08', current: null, full }, 'SPY')).toBe('2024-03-07');
    expect(latestFlowDate({ today: '2024-03-08', current: null, full }, 'TSLA')).toBeNull();
  });
});
