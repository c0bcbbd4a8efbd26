import { describe, expect, it } from 'vitest';
import type { ContractDay } from '@tapewatch/shared/schemas/option-contract';
import { contractDays, contractTitle, formatPnl, historyTable, midSeries } from './contract-view.ts';

const day = (date: string, mid: number | null): ContractDay => ({
  date,
  underlying_price: 510.5,
  bid: mid === null ? null : mid - 0.05,
  ask: mid === null ? null : mid + 0.05,
  mid,
  volume: 1200,
  open_interest: 34_000,
  iv: 0.1234,
  delta: 0.4567,
});

describe('contract page view', () => {
  const c = {
    ticker: 'SPY',
    type: 'call' as const,
    strike: 510,
    expiration: '2024-03-15',
    today: day('2024-03-08', 4.2),
    history: [day('2024-03-06', 3.1), day('2024-03-07', null)],
  };

  it('titles the contract as a trader reads it', () => {
    expect(contractTitle(c)).toBe('SPY 510 Call, 15 Mar 2024');
    expect(contractTitle({ ...c, type: 'put', strike: 12.5 })).toBe('SPY 12.50 Put, 15 Mar 2024');
    expect(contractTitle({ ...c, expiration: '2024-09-30' })).toBe('SPY 510 Call, 30 Sep 2024');
  });

  it('charts the history then today, a day without a mid as a gap; the table lists newest first', () => {
    const days = contractDays(c);
    expect(midSeries(days)).toEqual({
      dates: ['2024-03-06', '2024-03-07', '2024-03-08'],
      series: [{ id: 'Mid', color: expect.any(String), values: [3.1, null, 4.2] }],
    });
    const table = historyTable(days);
    expect(table.rows.map((r) => r.label)).toEqual(['2024-03-08', '2024-03-07', '2024-03-06']);
    expect(table.rows[0]!.cells).toEqual(['$4.20', '1,200', '34,000', '12.3%', '0.457', '$510.50']);
    expect(table.rows[1]!.cells[0]).toBe('-');
    // Live mode sends no history: today alone.
    expect(contractDays({ ...c, history: null }).map((d) => d.date)).toEqual(['2024-03-08']);
  });

  it('signs the P&L in whole dollars', () => {
    expect(formatPnl(800.4)).toBe('+$800');
    expect(formatPnl(-1234.6)).toBe('-$1,235');
    expect(formatPnl(0)).toBe('$0');
    expect(formatPnl(null)).toBe('-');
  });
});
