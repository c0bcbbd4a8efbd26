import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildShortInterestSnapshot,
  daysToCover,
  floatBasis,
  floatShortPercent,
  orderRows,
  shortInterestTable,
  yearOfSettlements,
  type FloatInfo,
  type SettlementPoint,
} from './short-interest-table.ts';

const directory: FloatInfo[] = [
  { symbol: 'AAPL', exchange: 'NASDAQ', shares_outstanding: 15_000_000_000 },
  { symbol: 'ZZZ', exchange: 'NASDAQ', shares_outstanding: null },
  { symbol: 'MSFT', exchange: 'NASDAQ', shares_outstanding: 7_400_000_000 },
  { symbol: 'IBM', exchange: 'NYSE', shares_outstanding: 900_000_000 },
  { symbol: 'QQQ', exchange: 'NASDAQ', shares_outstanding: 500_000_000 },
];

const at = (date: string, short_interest: number, avg_daily_volume: number | null): SettlementPoint => ({
  date,
  short_interest,
  avg_daily_volume,
});

const latest = new Map<string, SettlementPoint>([
  ['AAPL', at('2024-02-29', 120_000_000, 60_000_000)], // 2.00 days, 0.80 %
  ['MSFT', at('2024-02-29', 55_500_000, 22_200_000)], // 2.50 days, 0.75 %
  ['ZZZ', at('2024-02-29', 3_000_000, 0)], // no volume, no share count
  ['IBM', at('2024-02-29', 20_000_000, 4_000_000)], // NYSE: not shown
  ['QQQ', at('2024-02-15', 10_000_000, 40_000_000)], // older settlement: not in this table
  ['GONE', at('2024-02-29', 1_000, 1_000)], // not in the directory
]);

describe('definitions', () => {
  it('days to cover = short interest / average daily volume, 2 decimals', () => {
    expect(daysToCover(120_000_000, 60_000_000)).toBe(2);
    expect(daysToCover(1_000_000, 300_000)).toBe(3.33);
    expect(daysToCover(5, 0)).toBeNull();
    expect(daysToCover(5, null)).toBeNull();
  });

  it('%float short = short interest / shares outstanding x 100, null without a share count', () => {
    expect(floatShortPercent(120_000_000, 15_000_000_000)).toBe(0.8);
    expect(floatShortPercent(1, 3)).toBe(33.33);
    expect(floatShortPercent(1, null)).toBeNull();
    expect(floatShortPercent(1, 0)).toBeNull();
  });

  it('never produces NaN or Infinity', () => {
    fc.assert(
      fc.property(fc.double(), fc.option(fc.double()), (si, d) => {
        for (const v of [daysToCover(si, d), floatShortPercent(si, d)])
          expect(v === null || Number.isFinite(v)).toBe(true);
      }),
    );
  });
});

describe('share classes', () => {
  // Alphabet: the company's A + B + C on each class (Yahoo's convention), each class's own count apart.
  const classes: FloatInfo[] = [
    { symbol: 'GOOGL', exchange: 'NASDAQ', shares_outstanding: 12_415e6, class_shares_outstanding: 5_883e6 },
    { symbol: 'GOOG', exchange: 'NASDAQ', shares_outstanding: 12_415e6, class_shares_outstanding: 5_663e6 },
    { symbol: 'FOX', exchange: 'NASDAQ', shares_outstanding: 470e6, class_shares_outstanding: null },
  ];
  const points = new Map<string, SettlementPoint>(
    ['GOOGL', 'GOOG', 'FOX'].map((t) => [
      t,
      { date: '2024-02-29', short_interest: 58_830_000, avg_daily_volume: 29_415_000 },
    ]),
  );

  it("%float of a class is against that class's shares, not the company's; unknown class shares give null, not the company's", () => {
    expect(classes.map(floatBasis)).toEqual([5_883e6, 5_663e6, null]);
    expect(floatBasis({ shares_outstanding: 15e9 })).toBe(15e9);
    const rows = buildShortInterestSnapshot('2024-02-29', points, classes).rows;
    expect(rows.map((r) => [r.Ticker, r['%Float Short']])).toEqual([
      ['FOX', null],
      ['GOOG', 1.04],
      ['GOOGL', 1],
    ]);
  });
});

describe('buildShortInterestSnapshot', () => {
  const snap = buildShortInterestSnapshot('2024-02-29', latest, directory);

  it('keeps NASDAQ-listed directory tickers of that settlement, in ticker order', () => {
    expect(snap.asOf).toBe('2024-02-29');
    expect(snap.rows.map((r) => r.Ticker)).toEqual(['AAPL', 'MSFT', 'ZZZ']);
  });

  it('fills the spec columns with hand-computed figures', () => {
    expect(snap.rows[0]).toEqual({
      Ticker: 'AAPL',
      Date: '2024-02-29',
      'Short Interest': 120_000_000,
      'Average Volume': 60_000_000,
      'Days To Cover': 2,
      '%Float Short': 0.8,
    });
    expect(snap.rows[1]).toMatchObject({ 'Days To Cover': 2.5, '%Float Short': 0.75 });
    expect(snap.rows[2]).toMatchObject({ 'Days To Cover': null, '%Float Short': null });
  });

  it('orders descending by the chosen field with nulls last', () => {
    expect(orderRows(snap.rows, 'float').map((r) => r.Ticker)).toEqual(['AAPL', 'MSFT', 'ZZZ']);
    expect(orderRows(snap.rows, 'days').map((r) => r.Ticker)).toEqual(['MSFT', 'AAPL', 'ZZZ']);
    expect(orderRows(snap.rows, 'short').map((r) => r.Ticker)).toEqual(['AAPL', 'MSFT', 'ZZZ']);
    const table = shortInterestTable(snap, 'days');
    expect(table.schema.fields.map((f) => f.name)).toEqual([
      'Ticker',
      'Date',
      'Short Interest',
      'Average Volume',
      'Days To Cover',
      '%Float Short',
    ]);
    expect(table.data[0]!.Ticker).toBe('MSFT');
  });

  it('orderRows is a permutation sorted descending, nulls after numbers', () => {
    const row = fc.record({ Ticker: fc.string(), v: fc.option(fc.integer()) });
    fc.assert(
      fc.property(fc.uniqueArray(row, { selector: (r) => r.Ticker }), (rs) => {
        const rows = rs.map((r) => ({
          Ticker: r.Ticker,
          Date: 'd',
          'Short Interest': 1,
          'Average Volume': 1,
          'Days To Cover': r.v,
          '%Float Short': null,
        }));
        const out = orderRows(rows, 'days').map((r) => r['Days To Cover']);
        expect(out).toHaveLength(rows.length);
        const firstNull = out.indexOf(null);
        const numbers = (firstNull < 0 ? out : out.slice(0, firstNull)) as number[];
        if (firstNull >= 0) expect(out.slice(firstNull).every((v) => v === null)).toBe(true);
        for (let i = 1; i < numbers.length; i++) expect(numbers[i - 1]!).toBeGreaterThanOrEqual(numbers[i]!);
      }),
    );
  });
});

describe('yearOfSettlements', () => {
  it('keeps the settlements of the year ending at the as-of date, oldest first', () => {
    const points = [
      at('2024-03-15', 9, 1),
      at('2023-02-28', 1, 1),
      at('2024-02-29', 3, 1),
      at('2023-03-15', 2, 1),
      at('2023-02-15', 0, 1),
    ];
    expect(yearOfSettlements(points, '2024-02-29')).toEqual([
      { date: '2023-03-15', short_interest: 2 },
      { date: '2024-02-29', short_interest: 3 },
    ]);
  });
});
