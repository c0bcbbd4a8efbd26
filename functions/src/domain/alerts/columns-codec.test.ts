import { describe, expect, it } from 'vitest';
import { trade } from '../flow/test-trade.ts';
import { scanRule, tickerDirections } from './backtest.ts';
import {
  COLUMNS_FORMAT,
  decodeColumn,
  decodeHead,
  decodePrints,
  encodeColumn,
  HEAD,
  PRINT_COLUMNS,
  PRINTS,
  SIDE,
  STORED_COLUMNS,
  type StoredColumn,
} from './columns-codec.ts';
import { DICT_FIELDS, NUM_FIELDS, toColumns, type DayColumns } from './flow-columns.ts';

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

/** A day back from its stored columns, as the backtest's loader assembles it (trade keys are not stored). */
function roundTrip(day: DayColumns): DayColumns {
  const head = decodeHead(encodeColumn(day, HEAD))!;
  const back = (c: StoredColumn) => decodeColumn(c, encodeColumn(day, c));
  return {
    date: head.date,
    length: head.length,
    keys: day.keys,
    nums: Object.fromEntries(NUM_FIELDS.map((f) => [f, back(f)])) as DayColumns['nums'],
    dicts: Object.fromEntries(DICT_FIELDS.map((f) => [f, back(f)])) as DayColumns['dicts'],
    tickerRows: new Map(head.tickers.map(([t, s, e]) => [t, [s, e] as [number, number]])),
    side: back(SIDE) as Int8Array,
  };
}

describe('flow columns codec', () => {
  const days = ['2024-01-02', '2024-01-03', '2024-01-04'].map((d, i) => toColumns(d, fixtureDay(d, i + 1)));

  it('gives back the day built from the trades, bit for bit, column by column', () => {
    expect(STORED_COLUMNS.length).toBe(NUM_FIELDS.length + DICT_FIELDS.length + 3);
    for (const day of days) {
      const prints = decodePrints(encodeColumn(day, PRINTS))!;
      expect([...prints.keys()]).toEqual([...PRINT_COLUMNS]);
      for (const c of PRINT_COLUMNS)
        expect(prints.get(c)).toEqual(
          (NUM_FIELDS as readonly string[]).includes(c) ? day.nums[c as 'price'] : day.dicts[c as 'time'],
        );
    }
    for (const day of days) expect(roundTrip(day)).toEqual(day);
  });

  it('answers a backtest exactly as the scan of the trades', () => {
    const decoded = days.map(roundTrip);
    for (const filters of [
      [{ filter: 'Premium' as const, selector: 'Greater than equal' as const, value: '2500' }],
      [
        { filter: 'Ticker' as const, selector: 'Equal' as const, tickers: ['NVDA', 'SPY'] },
        { filter: 'Call/Put' as const, selector: 'Equal' as const, value: 'Put' },
        { filter: 'DTE' as const, selector: 'Smaller than' as const, value: '60' },
      ],
    ]) {
      const rule = { id: 'r', userId: 'u', name: 'r', filters };
      const old = scanRule(days, rule);
      expect(old.fired).toBeGreaterThan(10);
      expect(scanRule(decoded, rule)).toEqual(old);
      expect(tickerDirections(decoded, old.caught.keys())).toEqual(tickerDirections(days, old.caught.keys()));
    }
  });

  it('stores each column in the narrowest exact width', () => {
    const day = days[0]!;
    const n = day.length;
    const size = (c: StoredColumn) => encodeColumn(day, c).length;
    // Whole numbers under 256 in one byte, under 65,536 in two; cents in four; any double in eight.
    expect(size('DTE')).toBeLessThan(2 * n + 200);
    expect(size('DTE')).toBeGreaterThanOrEqual(2 * n);
    expect(size('put_call')).toBeLessThan(n + 200);
    expect(size('side')).toBeLessThan(n + 200);
    expect(size('ask')).toBeLessThan(4 * n + 200);
    expect(size('score')).toBeGreaterThanOrEqual(8 * n);
    const odd = toColumns('2024-01-02', [trade({ price: 0.1 + 0.2, underlying_price: -0 }), trade({ price: 2 ** 40 })]);
    const back = roundTrip(odd);
    expect(back.nums.price).toEqual(odd.nums.price);
    expect(Object.is(back.nums.underlying_price[0], -0)).toBe(true);
  });

  it('refuses bytes of another format (the day is rebuilt from its trades)', () => {
    const bytes = encodeColumn(days[0]!, 'price');
    const head = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true);
    const text = new TextDecoder().decode(bytes.subarray(4, 4 + head));
    const other = text.replace(`"format":${COLUMNS_FORMAT}`, `"format":${COLUMNS_FORMAT + 1}`);
    expect(other).not.toBe(text);
    const changed = new Uint8Array(bytes);
    changed.set(new TextEncoder().encode(other), 4);
    expect(decodeColumn('price', changed)).toBeNull();
    const headBytes = new TextEncoder().encode(
      new TextDecoder().decode(encodeColumn(days[0]!, HEAD)).replace(`"format":${COLUMNS_FORMAT}`, '"format":1'),
    );
    expect(decodeHead(headBytes)).toBeNull();
  });
});

describe('flow columns codec on pooled buffers', () => {
  it('decodes a column that lies inside a larger buffer (as a Node Buffer from gunzip may)', () => {
    const day = toColumns('2024-01-02', fixtureDay('2024-01-02', 9));
    const bytes = encodeColumn(day, 'cost_basis');
    const pool = Buffer.alloc(bytes.length + 4096, 7);
    pool.set(bytes, 1000);
    expect(decodeColumn('cost_basis', pool.subarray(1000, 1000 + bytes.length))).toEqual(day.nums.cost_basis);
  });
});
