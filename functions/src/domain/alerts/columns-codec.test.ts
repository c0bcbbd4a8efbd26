import { describe, expect, it } from 'vitest';
import { trade } from '../flow/test-trade.ts';
import { scanRule, tickerDayCounts } from './backtest.ts';
import { COLUMNS_FORMAT, decodeColumns, encodeColumns } from './columns-codec.ts';
import { toColumns } from './flow-columns.ts';

/** A seeded day whose columns need every encoding: integers, cents, four decimals, any double, nulls. */
function fixtureDay(date: string, seed: number) {
  let s = seed;
  const r = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const tickers = ['SPY', 'AAPL', 'NVDA', 'KLAC', 'QQQ'];
  return Array.from({ length: 700 }, (_, i) =>
    trade({
      ticker: tickers[Math.floor(r() * tickers.length)]!,
      date,
      time: `1${Math.floor(r() * 6)}:00:0${i % 10}`,
      put_call: r() < 0.5 ? 'Call' : 'Put',
      strike_price: Math.round(r() * 1000) / 2,
      DTE: Math.floor(r() * 700),
      ask: r() < 0.1 ? null : Math.round(r() * 5000) / 100,
      bid: Math.round(r() * 5000) / 100,
      midpoint: Math.round(r() * 500000) / 10000,
      size: 1 + Math.floor(r() * 3000),
      underlying_price: r() < 0.05 ? null : r() * 900,
      cost_basis: Math.round(r() * 1e7) / 1000,
      score: r(),
      exchange: r() < 0.5 ? null : 'CBOE',
      fill: r() < 0.5 ? 'Ask' : 'Bid',
    }),
  );
}

describe('flow columns codec', () => {
  const days = ['2024-01-02', '2024-01-03', '2024-01-04'].map((d, i) => toColumns(d, fixtureDay(d, i + 1)));

  it('gives back the day built from the trades, bit for bit', () => {
    for (const day of days) expect(decodeColumns(encodeColumns(day))).toEqual(day);
  });

  it('answers a backtest exactly as the scan of the trades', () => {
    const decoded = days.map((d) => decodeColumns(encodeColumns(d))!);
    for (const filters of [
      [{ filter: 'Premium' as const, selector: 'Greater than equal' as const, value: '2500' }],
      [
        { filter: 'Ticker' as const, selector: 'Equal' as const, tickers: ['NVDA', 'SPY'] },
        { filter: 'Call/Put' as const, selector: 'Equal' as const, value: 'Put' },
        { filter: 'DTE' as const, selector: 'Smaller than' as const, value: '60' },
      ],
    ]) {
      const rule = { id: 'r', userId: 'u', name: 'r', filters };
      const old = scanRule(days, rule, 100);
      expect(old.fired).toBeGreaterThan(10);
      expect(scanRule(decoded, rule, 100)).toEqual(old);
      expect(tickerDayCounts(decoded, old.caught.keys())).toEqual(tickerDayCounts(days, old.caught.keys()));
    }
  });

  it('keeps prices in four bytes where they are cents, and any double as it is', () => {
    const day = days[0]!;
    // The same day with every number off the grid needs Float64 everywhere: at least 10 of the 14
    // numeric columns fit in Int32 when the values are what a feed sends.
    const nudged = {
      ...day,
      nums: Object.fromEntries(Object.entries(day.nums).map(([k, c]) => [k, c.map((v) => v + 1e-9)])),
    };
    expect(encodeColumns(day).length).toBeLessThan(encodeColumns(nudged as typeof day).length - 10 * 4 * day.length);
    const odd = toColumns('2024-01-02', [trade({ price: 0.1 + 0.2, underlying_price: -0 }), trade({ price: 2 ** 40 })]);
    const back = decodeColumns(encodeColumns(odd))!;
    expect(back.nums.price).toEqual(odd.nums.price);
    expect(Object.is(back.nums.underlying_price[0], -0)).toBe(true);
  });

  it('refuses bytes of another format (the day is rebuilt from its trades)', () => {
    const bytes = encodeColumns(days[0]!);
    const head = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
    const text = new TextDecoder().decode(bytes.subarray(4, 4 + head));
    const other = text.replace(`"format":${COLUMNS_FORMAT}`, `"format":${COLUMNS_FORMAT + 1}`);
    expect(other).not.toBe(text);
    const changed = new Uint8Array(bytes);
    changed.set(new TextEncoder().encode(other), 4);
    expect(decodeColumns(changed)).toBeNull();
  });
});
