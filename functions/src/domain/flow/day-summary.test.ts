import { describe, expect, it } from 'vitest';
import { halfHourBucket, summarizeDay } from './day-summary.ts';
import { trade } from './test-trade.ts';

describe('flow day summary', () => {
  it('buckets New York times into the 13 half hours of the session, clamping the edges', () => {
    expect(halfHourBucket('09:30:00')).toBe(0);
    expect(halfHourBucket('09:59:59')).toBe(0);
    expect(halfHourBucket('10:00:00')).toBe(1);
    expect(halfHourBucket('15:45:10')).toBe(12);
    expect(halfHourBucket('16:10:00')).toBe(12);
    expect(halfHourBucket('08:00:00')).toBe(0);
  });

  it('sums premiums, counts, sizes and scores per side, per strike and per half hour', () => {
    const s = summarizeDay('2024-03-08', [
      trade({ cost_basis: 100, size: 10, score: 0.2, strike_price: 500, time: '09:45:00', underlying_price: 509 }),
      trade({ cost_basis: 50, size: 5, score: 0.6, strike_price: 505, time: '15:59:00', underlying_price: 512 }),
      trade({
        put_call: 'Put',
        cost_basis: 30,
        size: 3,
        score: 0.9,
        strike_price: 500,
        time: '12:10:00',
        underlying_price: 511,
      }),
      trade({
        ticker: 'AAPL',
        put_call: 'Put',
        cost_basis: 7,
        size: 1,
        score: 0.1,
        strike_price: 170,
        underlying_price: null,
      }),
    ]);
    expect(s.tradeCount).toBe(4);
    const spy = s.tickers.SPY!;
    expect(spy.calls).toEqual({ premium: 150, trades: 2, size: 15, scoreSum: 0.8 });
    expect(spy.puts).toEqual({ premium: 30, trades: 1, size: 3, scoreSum: 0.9 });
    expect(spy.strikes).toEqual([
      [500, 100, 30, 10, 3],
      [505, 50, 0, 5, 0],
    ]);
    expect(spy.halfHours.calls[0]).toBe(100);
    expect(spy.halfHours.calls[12]).toBe(50);
    expect(spy.halfHours.puts[5]).toBe(30);
    expect(spy.halfHours.calls.reduce((a, b) => a + b, 0)).toBe(150);
    // First and last by time, not by arrival order.
    expect(spy.firstPrice).toBe(509);
    expect(spy.lastPrice).toBe(512);
    expect(s.tickers.AAPL!.firstPrice).toBeNull();
    expect(s.tickers.AAPL!.puts.premium).toBe(7);
    // Each ticker's largest print names its contract.
    expect(spy.largest).toEqual({ symbol: 'SPY240315C00500000', cost_basis: 100 });
    expect(s.tickers.AAPL!.largest).toEqual({ symbol: 'AAPL240315P00170000', cost_basis: 7 });
  });

  it("keeps each ticker's largest print whatever the order, the earlier key on a tie", () => {
    const a = trade({ cost_basis: 60, strike_price: 501 });
    const b = trade({ cost_basis: 60, strike_price: 502 });
    const c = trade({ cost_basis: 10, strike_price: 503 });
    for (const order of [
      [a, b, c],
      [c, b, a],
    ])
      expect(summarizeDay('2024-03-08', order).tickers.SPY!.largest).toEqual({
        symbol: 'SPY240315C00501000',
        cost_basis: 60,
      });
  });

  it('keeps the largest trades by premium and the LEAPS with the most open interest', () => {
    const trades = [
      trade({ cost_basis: 5, DTE: 400, open_interest: 10 }),
      trade({ cost_basis: 900, DTE: 30, open_interest: 99_999 }),
      trade({ cost_basis: 40, DTE: 365, open_interest: 5000 }),
      trade({ cost_basis: 40, DTE: 364, open_interest: 7000 }),
    ];
    const s = summarizeDay('2024-03-08', trades);
    expect(s.largest.map((t) => t.cost_basis)).toEqual([900, 40, 40, 5]);
    // Equal premiums: the earlier key first, so the order does not depend on arrival.
    expect(s.largest[1]!.key < s.largest[2]!.key).toBe(true);
    expect(s.leaps.map((t) => t.open_interest)).toEqual([5000, 10]);
  });

  it('keeps the Most OTM list: calls above and puts below the underlying, furthest first, whole percent', () => {
    const s = summarizeDay('2024-03-08', [
      trade({ put_call: 'Call', strike_price: 550, underlying_price: 500 }),
      trade({ put_call: 'Put', strike_price: 400, underlying_price: 500 }),
      trade({ put_call: 'Call', strike_price: 480, underlying_price: 500 }),
      trade({ put_call: 'Put', strike_price: 500, underlying_price: null }),
    ]);
    expect(s.mostOtm?.map((t) => [t.put_call, t.otm])).toEqual([
      ['Put', 20],
      ['Call', 10],
      ['Call', -4],
    ]);
  });

  it('an empty day has no tickers and no top trades', () => {
    expect(summarizeDay('2024-03-08', [])).toEqual({
      date: '2024-03-08',
      tradeCount: 0,
      tickers: {},
      largest: [],
      leaps: [],
      mostOtm: [],
    });
  });
});
