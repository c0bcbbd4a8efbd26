import { describe, expect, it } from 'vitest';
import type { FlowTrade } from '../schemas/flow.ts';
import { isOpening, nextDayVerdict, volumeOiRatio, withNextDayOi } from './print-context.ts';

const print = (key: string, date: string, strike: number, volume: number, open_interest: number) =>
  ({
    key,
    ticker: 'AAPL',
    date,
    put_call: 'Call',
    strike_price: strike,
    date_expiration: '2024-03-15',
    volume,
    open_interest,
  }) as FlowTrade;

describe('opening flag and the next day open interest (a constructed day)', () => {
  // Thursday: the 175 call starts at 1,000 open; prints take its volume to 800 then 1,400.
  // The 180 call starts at 300 and trades 500 (opening); the 185 call trades 50 of 2,000 (unknown).
  const thursday = [
    print('t1', '2024-03-07', 175, 800, 1000),
    print('t2', '2024-03-07', 175, 1400, 1000),
    print('t3', '2024-03-07', 180, 500, 300),
    print('t4', '2024-03-07', 185, 50, 2000),
    print('t5', '2024-03-07', 190, 900, 100),
  ];
  // Friday's prints carry each contract's open interest after Thursday: 175 rose by 600, 180 fell to
  // 250 (Thursday's volume was mostly closing after all), 185 rose; 190 did not print on Friday.
  const friday = [
    print('f1', '2024-03-08', 175, 20, 1600),
    print('f2', '2024-03-08', 180, 10, 250),
    print('f3', '2024-03-08', 185, 5, 2100),
  ];

  it('flags a print opening once the day volume passes the open interest before the day', () => {
    expect(thursday.map(isOpening)).toEqual([false, true, true, false, true]);
    expect(thursday.map(volumeOiRatio)).toEqual([0.8, 1.4, 500 / 300, 0.025, 9]);
    expect(volumeOiRatio(print('n', '2024-03-07', 195, 10, 0))).toBeNull();
  });

  it("takes the next day's change from the next day's prints, and confirms or contradicts the flag", () => {
    const done = withNextDayOi(thursday, friday);
    expect(done.map((t) => t.next_oi_change)).toEqual([600, 600, -50, 100, undefined]);
    expect(done.map(nextDayVerdict)).toEqual([null, 'confirmed', 'contradicted', null, null]);
    expect(done[4]).toBe(thursday[4]); // untouched when the contract did not print the next day
  });
});
