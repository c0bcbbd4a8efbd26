import { describe, expect, it } from 'vitest';
import { fixtureJson } from '../fixtures/load-fixture.ts';
import { parsePolygonAggregates } from './aggregates.ts';
import { PolygonEnvelopeError } from './envelope.ts';
import { parsePolygonOptionChain } from './options-snapshot.ts';
import { parsePolygonSnapshot } from './snapshot.ts';

describe('parsePolygonAggregates', () => {
  it('daily range: bars land on New York trading dates (t is midnight ET)', () => {
    const r = parsePolygonAggregates(fixtureJson('polygon/v2_aggs_AAPL_range_1_day_2005-04-01_2005-04-04.json'));
    expect(r.skipped).toBe(0);
    expect(r.rows).toEqual([
      {
        ticker: 'AAPL',
        date: '2005-04-01',
        open: 1.5032,
        high: 1.5064,
        low: 1.4489,
        close: 1.4604,
        volume: 642646396,
        vwap: 1.469,
        transactions: 82132,
        timestamp: 1112331600000,
      },
      {
        ticker: 'AAPL',
        date: '2005-04-04',
        open: 1.4639,
        high: 1.4754,
        low: 1.4343,
        close: 1.4675,
        volume: 578172308,
        vwap: 1.4589,
        transactions: 65543,
        timestamp: 1112587200000,
      },
    ]);
  });

  it('previous close (t is 16:00 ET) and grouped daily (ticker per bar)', () => {
    const prev = parsePolygonAggregates(fixtureJson('polygon/v2_aggs_AAPL_prev.json'));
    expect(prev.rows).toEqual([
      {
        ticker: 'AAPL',
        date: '2022-04-26',
        open: 162.25,
        high: 162.34,
        low: 156.72,
        close: 156.8,
        volume: 95595226,
        vwap: 158.6074,
        transactions: 899965,
        timestamp: 1651003200000,
      },
    ]);
    const grouped = parsePolygonAggregates(fixtureJson('polygon/v2_aggs_grouped_2005-04-04.json'));
    expect(grouped.rows).toEqual([
      {
        ticker: 'GIK',
        date: '2020-10-14',
        open: 9.99,
        high: 10.02,
        low: 9.9,
        close: 10.02,
        volume: 895345,
        vwap: 9.9979,
        transactions: 96,
        timestamp: 1602705600000,
      },
    ]);
  });

  it('skips broken bars, treats a missing results array as empty, rejects error envelopes', () => {
    const r = parsePolygonAggregates({
      ticker: 'X',
      status: 'OK',
      results: [
        { o: 1, h: 2, l: 0.5, c: 1.5, v: 10, t: 1704205800000 },
        { o: 1, h: 0.5, l: 0.9, c: 1, v: 1, t: 1 },
        { o: '1' },
      ],
      next_url: 'https://api.polygon.io/v2/aggs/cursor',
    });
    expect(r.rows).toEqual([
      {
        ticker: 'X',
        date: '2024-01-02',
        open: 1,
        high: 2,
        low: 0.5,
        close: 1.5,
        volume: 10,
        vwap: null,
        transactions: null,
        timestamp: 1704205800000,
      },
    ]);
    expect(r.skipped).toBe(2);
    expect(r.skippedLines[0]?.reason).toMatch(/bracket/);
    expect(r.nextUrl).toBe('https://api.polygon.io/v2/aggs/cursor');
    expect(parsePolygonAggregates({ ticker: 'X', status: 'OK', resultsCount: 0 }).rows).toEqual([]);
    expect(() => parsePolygonAggregates({ status: 'ERROR', error: 'Unknown API Key' })).toThrow(PolygonEnvelopeError);
  });
});

describe('parsePolygonSnapshot', () => {
  it('single ticker: day, prevDay, minute, last quote/trade, change fields', () => {
    const r = parsePolygonSnapshot(fixtureJson('polygon/v2_snapshot_stocks_ticker_AAPL.json'));
    expect(r.skipped).toBe(0);
    expect(r.rows[0]).toEqual({
      ticker: 'AAPL',
      day: { open: 161.84, high: 166.2, low: 159.8, close: 160.315, volume: 68840127, vwap: 162.7124 },
      prevDay: { open: 159.25, high: 164.515, low: 158.93, close: 163.64, volume: 130149192, vwap: 161.8622 },
      minute: {
        open: 160.71,
        high: 160.71,
        low: 160.3,
        close: 160.3,
        volume: 197226,
        vwap: 160.5259,
        accumulatedVolume: 68834255,
        timestamp: 1684428600000,
      },
      lastQuote: { bid: 159.98, bidSize: 3, ask: 159.99, askSize: 5, timestamp: 1651251948408 },
      lastTrade: { price: 159.99, size: 200, exchange: 12, conditions: [], timestamp: 1651251948294 },
      todaysChange: -3.65,
      todaysChangePerc: -2.231,
      updated: 1651251948294,
      tradingDate: '2022-04-29',
    });
  });

  it('ticker lists and gainers', () => {
    const list = parsePolygonSnapshot(fixtureJson('polygon/v2_snapshot_stocks_tickers.json'));
    expect(list.rows.map((s) => [s.ticker, s.day?.close, s.lastTrade?.conditions])).toEqual([
      ['BCAT', 20.506, [14, 41]],
    ]);
    const gainers = parsePolygonSnapshot(fixtureJson('polygon/v2_snapshot_stocks_gainers.json'));
    expect(gainers.rows.map((s) => [s.ticker, s.todaysChangePerc, s.prevDay?.close])).toEqual([
      ['NVCN', 2113.793, 0.29],
      ['BIOL', 2056.477, 0.1953],
    ]);
  });

  it('treats all-zero bars (pre-market) as absent and skips unusable entries', () => {
    const zero = { o: 0, h: 0, l: 0, c: 0, v: 0, vw: 0 };
    const r = parsePolygonSnapshot({
      status: 'OK',
      tickers: [{ ticker: 'Z', day: zero, prevDay: zero }, { day: zero }],
    });
    expect(r.rows[0]).toMatchObject({
      ticker: 'Z',
      day: null,
      prevDay: null,
      lastQuote: null,
      updated: null,
      tradingDate: null,
    });
    expect(r.skipped).toBe(1);
    expect(() => parsePolygonSnapshot({ status: 'OK' })).toThrow(PolygonEnvelopeError);
  });
});

describe('parsePolygonOptionChain', () => {
  it('maps a v3 option snapshot onto the shared OptionQuote', () => {
    const r = parsePolygonOptionChain(fixtureJson('polygon/v3_snapshot_options_AAPL.json'));
    expect(r.skipped).toBe(0);
    expect(r.underlying).toBe('AAPL');
    expect(r.underlyingPrice).toBe(159.9606);
    expect(r.rows[0]).toEqual({
      symbol: 'AAPL230616C00150000',
      root: 'AAPL',
      underlying: 'AAPL',
      expiry: '2023-06-16',
      type: 'call',
      strike: 150,
      bid: 28.9,
      ask: 29.25,
      bidSize: 294,
      askSize: 209,
      last: 29.25,
      lastTradeTime: '2023-03-13T10:42:07' /* 14:42:07Z, EDT */,
      volume: 8,
      openInterest: 8133,
      iv: 0.3570277203465058,
      delta: 0.6436614934293701,
      gamma: 0.0061735291012820675,
      theta: -0.028227189324641973,
      vega: 0.6381159723175714,
      rho: null,
      theo: null,
      prevClose: 31.4,
      change: -2.3999999999999986,
    });
  });

  it('skips contracts without a usable OCC ticker', () => {
    const r = parsePolygonOptionChain({ status: 'OK', results: [{ details: { ticker: 'O:BAD' } }, { nope: 1 }] });
    expect(r.rows).toEqual([]);
    expect(r.skipped).toBe(2);
  });
});
