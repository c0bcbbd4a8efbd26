import { describe, expect, it } from 'vitest';
import { fixtureText, replayHttp } from '../fixtures/load-fixture.ts';
import { MissingApiKeyError, ProviderFormatError, ProviderHttpError, ProviderNotFoundError } from '../http.ts';
import { createPolygonSource, polygonUrls } from './fetcher.ts';

const KEY = 'pk_test_SECRET_123';
const AUTH = { authorization: `Bearer ${KEY}`, accept: 'application/json' };
const API = 'https://api.polygon.io';
const noSleep = { attempts: 2, baseDelayMs: 1, sleep: async () => {} };

describe('Polygon URLs', () => {
  it('match the REST paths', () => {
    expect(polygonUrls.dailyAggregates('aapl', '2005-04-01', '2005-04-04')).toBe(
      `${API}/v2/aggs/ticker/AAPL/range/1/day/2005-04-01/2005-04-04?adjusted=true&sort=asc&limit=50000`,
    );
    expect(polygonUrls.previousClose('AAPL')).toBe(`${API}/v2/aggs/ticker/AAPL/prev?adjusted=true`);
    expect(polygonUrls.groupedDaily('2005-04-04')).toBe(
      `${API}/v2/aggs/grouped/locale/us/market/stocks/2005-04-04?adjusted=true`,
    );
    expect(polygonUrls.tickerSnapshot('AAPL')).toBe(`${API}/v2/snapshot/locale/us/markets/stocks/tickers/AAPL`);
    expect(polygonUrls.optionChain('AAPL')).toBe(`${API}/v3/snapshot/options/AAPL?limit=250`);
    expect(polygonUrls.tickerSnapshot('BRK.B')).toBe(`${API}/v2/snapshot/locale/us/markets/stocks/tickers/BRK.B`);
  });
});

describe('Polygon fetchers replaying the client-python mocks', () => {
  const http = replayHttp({
    [polygonUrls.dailyAggregates('AAPL', '2005-04-01', '2005-04-04')]: {
      status: 200,
      body: fixtureText('polygon/v2_aggs_AAPL_range_1_day_2005-04-01_2005-04-04.json'),
    },
    [polygonUrls.previousClose('AAPL')]: { status: 200, body: fixtureText('polygon/v2_aggs_AAPL_prev.json') },
    [polygonUrls.groupedDaily('2005-04-04')]: {
      status: 200,
      body: fixtureText('polygon/v2_aggs_grouped_2005-04-04.json'),
    },
    [polygonUrls.tickerSnapshot('AAPL')]: {
      status: 200,
      body: fixtureText('polygon/v2_snapshot_stocks_ticker_AAPL.json'),
    },
    [polygonUrls.optionChain('AAPL')]: { status: 200, body: fixtureText('polygon/v3_snapshot_options_AAPL.json') },
  });
  const polygon = createPolygonSource({ http, apiKey: KEY });

  it('send the key as a bearer header, never in the URL', async () => {
    expect((await polygon.dailyAggregates('AAPL', '2005-04-01', '2005-04-04')).rows.map((b) => b.date)).toEqual([
      '2005-04-01',
      '2005-04-04',
    ]);
    expect((await polygon.previousClose('AAPL')).rows[0]?.close).toBe(156.8);
    expect((await polygon.groupedDaily('2005-04-04')).rows[0]?.ticker).toBe('GIK');
    expect((await polygon.tickerSnapshot('AAPL')).rows[0]?.todaysChangePerc).toBe(-2.231);
    const chain = await polygon.optionChain('AAPL');
    expect(chain.rows[0]?.symbol).toBe('AAPL230616C00150000');
    expect(http.calls).toHaveLength(5);
    for (const c of http.calls) {
      expect(c.headers).toEqual(AUTH);
      expect(c.url).not.toContain(KEY);
    }
  });

  it('a missing key fails before any request, naming the variable', async () => {
    const spy = replayHttp({});
    const err = await createPolygonSource({ http: spy, apiKey: undefined })
      .tickerSnapshot('AAPL')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MissingApiKeyError);
    expect((err as Error).message).toContain('POLYGON_API_KEY');
    expect(spy.calls).toHaveLength(0);
  });
});

describe('Polygon pagination and errors', () => {
  const page = (results: unknown[], next?: string) => ({
    status: 200,
    body: JSON.stringify({ ticker: 'SPY', status: 'OK', results, next_url: next }),
  });
  const bar = (t: number) => ({ o: 1, h: 1, l: 1, c: 1, v: 1, t });

  it('follows next_url on the API origin and stops at a foreign origin', async () => {
    const first = polygonUrls.dailyAggregates('SPY', '2024-01-01', '2024-01-31');
    const http = replayHttp({
      [first]: page([bar(1704205800000)], `${API}/v2/aggs/cursor-2`),
      [`${API}/v2/aggs/cursor-2`]: page([bar(1704292200000)], 'https://evil.example/steal'),
    });
    const r = await createPolygonSource({ http, apiKey: KEY }).dailyAggregates('SPY', '2024-01-01', '2024-01-31');
    expect(r.rows.map((b) => b.date)).toEqual(['2024-01-02', '2024-01-03']);
    expect(r).not.toHaveProperty('nextUrl');
    expect(http.calls.map((c) => c.url)).toEqual([first, `${API}/v2/aggs/cursor-2`]);
  });

  it('typed errors: 403 hints at the key without printing it; 404 unknown ticker; ERROR envelope', async () => {
    const http = replayHttp({
      [polygonUrls.tickerSnapshot('AAPL')]: { status: 403, body: '{"status":"NOT_AUTHORIZED"}' },
      [polygonUrls.previousClose('AAPL')]: { status: 200, body: '{"status":"ERROR","error":"Unknown API Key"}' },
    });
    const p = createPolygonSource({ http, apiKey: KEY, retry: noSleep });
    const err = await p.tickerSnapshot('AAPL').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect(err).toMatchObject({ status: 403, retryable: false });
    expect((err as Error).message).toContain('POLYGON_API_KEY');
    expect((err as Error).message).not.toContain(KEY);
    await expect(p.tickerSnapshot('ZZZZ')).rejects.toBeInstanceOf(ProviderNotFoundError);
    await expect(p.previousClose('AAPL')).rejects.toBeInstanceOf(ProviderFormatError);
  });
});
