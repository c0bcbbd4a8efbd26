import { describe, expect, it } from 'vitest';
import { searchTickersResponse, tickerInfoResponse, tickerPricesResponse } from '@tapewatch/shared/schemas/tickers';
import { readStocks } from '../demo-data/universe.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

describe('ticker endpoints on the demo universe', () => {
  it('searches the universe and the ETFs, exact ticker first', async () => {
    const { body } = await api.get('search_tickers', { fragment: 'msft' });
    expect(searchTickersResponse.parse(body).tickers[0]).toEqual(['MSFT', 'Microsoft']);
    const etf = searchTickersResponse.parse((await api.get('search_tickers', { fragment: 'XLK' })).body);
    expect(etf.tickers[0]![0]).toBe('XLK');
    expect(searchTickersResponse.parse((await api.get('search_tickers', { fragment: 'qqqqq' })).body).tickers).toEqual(
      [],
    );
  });

  it('quotes a stock from its real history, normalising the ticker', async () => {
    const { status, body } = await api.get('get_ticker_info', { ticker: ' nvda ' });
    expect(status).toBe(200);
    const q = tickerInfoResponse.parse(body);
    const nvda = [...readStocks()].find((s) => s.ticker === 'NVDA')!.series;
    const n = nvda.date.length;
    expect(q).toMatchObject({
      ticker: 'NVDA',
      as_of: '2024-03-08',
      c: nvda.close[n - 1],
      sector: 'Information Technology',
    });
    expect(q.todaysChange).toBeCloseTo(nvda.close[n - 1]! - nvda.close[n - 2]!, 4);
    expect(q['52_week_high']).toBe(Math.max(...nvda.high.slice(n - 252)));
  });

  it('answers an unknown ticker with 404 and a malformed one with 400', async () => {
    const unknown = await api.get('get_ticker_info', { ticker: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.alert_message).toContain('Unknown ticker NOPE');
    const bad = await api.get('get_ticker_prices', { ticker: 'S&P' });
    expect(bad.status).toBe(400);
    expect(bad.body.alert_message).toContain("'ticker'");
  });

  it('returns the last 252 closes by default, ending at the demo date', async () => {
    const p = tickerPricesResponse.parse((await api.get('get_ticker_prices', { ticker: 'SPY' })).body);
    expect(p.dates).toHaveLength(252);
    expect(p.dates.at(-1)).toBe('2024-03-08');
    expect(p.prices).toHaveLength(252);
    const w = tickerPricesResponse.parse(
      (await api.get('get_ticker_prices', { ticker: 'AAPL', window: '5', closed: 'true' })).body,
    );
    expect(w.dates).toEqual(['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08']);
    expect(w.prices.at(-1)).toBe(170.73);
  });
});
