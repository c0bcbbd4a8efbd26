import { describe, expect, it } from 'vitest';
import { decodeStockSeries, encodeStockSeries, type StockRow } from './universe-format.ts';

// AAPL around its 20-day ROC on 2017-08-09 (source rows: split-adjusted close, adj_close with 6 decimals).
const ROWS: StockRow[] = [
  {
    date: '2017-07-11',
    open: 36.182499,
    high: 36.462502,
    low: 36.095001,
    close: 36.3825,
    adjClose: 34.102966,
    volume: 79127200,
  },
  {
    date: '2017-07-12',
    open: 36.467499,
    high: 36.544998,
    low: 36.205002,
    close: 36.435001,
    adjClose: 34.152187,
    volume: 99538000,
  },
  {
    date: '2017-08-09',
    open: 39.814999,
    high: 40.317501,
    low: 39.7775,
    close: 40.264999,
    adjClose: 37.742199,
    volume: 104526000,
  },
  {
    date: '2017-08-10',
    open: 39.974998,
    high: 40,
    low: 38.657501,
    close: 38.830002,
    adjClose: 36.540058,
    volume: 163217200,
  },
];

describe('stock series encoding', () => {
  const { series } = decodeStockSeries(JSON.parse(JSON.stringify(encodeStockSeries('AAPL', ROWS))));

  it('keeps the adjusted close at the source precision (6 decimals), across an ex-dividend date', () => {
    expect(series.adjClose).toEqual(ROWS.map((r) => r.adjClose));
    expect(series.date).toEqual(ROWS.map((r) => r.date));
  });

  it('keeps the close as traded in cents and orders low <= close <= high', () => {
    expect(series.close).toEqual([36.38, 36.44, 40.26, 38.83]);
    series.close.forEach((c, i) => {
      expect(series.low[i]!).toBeLessThanOrEqual(c);
      expect(series.high[i]!).toBeGreaterThanOrEqual(c);
    });
    expect(series.volume).toEqual(ROWS.map((r) => r.volume));
  });
});
