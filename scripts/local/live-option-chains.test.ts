import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { volatilityResponse } from '@tapewatch/shared/schemas/volatility';
import { documentClient } from '@tapewatch/functions/data/client';
import { DailyRowsRepository } from '@tapewatch/functions/data/daily-rows-repository';
import { DAILY_SERIES, type AtmIvRow } from '@tapewatch/functions/data/daily-series';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import { LiveChainCache } from '@tapewatch/functions/data/live-chain-cache';
import { runAtmIvJob } from '@tapewatch/functions/jobs/atm-iv';
import { cboeOptionChainUrl } from '@tapewatch/functions/providers/cboe/fetcher';
import { fixtureText, replayHttp } from '@tapewatch/functions/providers/fixtures/load-fixture';
import { selectProvider } from '@tapewatch/functions/providers/select-provider';
import { advanceWallClock, useIntegrationRuntime } from '../test/integration-runtime.ts';

/**
 * Issue 38 item 5 offline: live mode on an empty data directory, the clock at 17:00 New York on
 * 2026-07-02, CBOE answering with its real IWM chain of that day (excerpt) and 403 for a symbol
 * without options, every other vendor host unreachable. The handlers run in this process, so the
 * global fetch they use is the stub; the daily job gets the same recorded answers through its provider.
 */
const ENV = { TAPEWATCH_DATA_MODE: 'live', POLYGON_API_KEY: '', BENZINGA_API_KEY: '', OPTION_CHAIN_SOURCE: '' };
const fx = useIntegrationRuntime({ empty: true, env: ENV });

const DAY = '2026-07-02';
const IWM_BODY = fixtureText('cboe/IWM_cboe_delayed_quotes_wrapped_20260702_excerpt.json');
const recorded: Record<string, { status: number; body: string }> = {
  [cboeOptionChainUrl('IWM')]: { status: 200, body: IWM_BODY },
  [cboeOptionChainUrl('ZZZT')]: { status: 403, body: '<Error><Code>AccessDenied</Code></Error>' },
};

const realFetch = globalThis.fetch;
const vendorCalls: string[] = [];
function recordedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const host = new URL(url).hostname;
  if (host === '127.0.0.1' || host === 'localhost') return realFetch(input, init);
  vendorCalls.push(url);
  const answer = recorded[url];
  if (!answer) return Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: new Error('ENOTFOUND') }));
  return Promise.resolve(new Response(answer.body, { status: answer.status }));
}

const entry = (symbol: string, kind: DirectoryEntry['kind']): DirectoryEntry => ({
  symbol,
  company: `${symbol} test listing`,
  sector: kind === 'etf' ? 'ETF' : 'Unclassified',
  industry: '',
  exchange: 'NYSE Arca',
  kind,
  in_sp500: false,
  in_nasdaq100: false,
  shares_outstanding: null,
  shares_outstanding_is_estimate: false,
});

/** Four earlier sessions as the job would have stored them (the fixture is one day's chain). */
const EARLIER: AtmIvRow[] = [
  { date: '2026-06-26', atm_iv: 0.2, underlying_price: 290 },
  { date: '2026-06-29', atm_iv: 0.21, underlying_price: 291 },
  { date: '2026-06-30', atm_iv: 0.22, underlying_price: 292 },
  { date: '2026-07-01', atm_iv: 0.23, underlying_price: 293 },
];

const atmIvRows = () => new DailyRowsRepository<AtmIvRow>(documentClient(), DAILY_SERIES.atmIv);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(`${DAY}T21:00:00Z`));
  vi.stubGlobal('fetch', recordedFetch);
  await new DirectoryRepository(documentClient()).put(DAY, [
    entry('IWM', 'etf'),
    entry('QQQ', 'etf'),
    entry('ZZZT', 'stock'),
    entry('VIX', 'index'),
  ]);
});
afterAll(() => vi.unstubAllGlobals());

describe('live option chains and IV rank without network', () => {
  it("the daily atm-iv job stores the day's 30-day ATM IV of each followed ticker, once", async () => {
    await atmIvRows().merge(new Map([['IWM', EARLIER]]));
    const http = replayHttp(recorded);
    const provider = selectProvider(process.env, {
      http,
      retry: { attempts: 1, baseDelayMs: 0 },
      limiterClock: { now: () => 0, sleep: async () => {} },
    });
    const run = await runAtmIvJob(undefined, { provider });
    // The core list's listed names here are QQQ and IWM; QQQ has no recorded chain (CBOE's 403/404:
    // skipped, not retried today). ZZZT is followed only once a trader asks for it.
    expect(run).toMatchObject({ status: 'succeeded', rowsRead: 2, rowsWritten: 1, rowsSkipped: 1 });
    expect(http.calls.map((c) => c.url)).toEqual([cboeOptionChainUrl('QQQ'), cboeOptionChainUrl('IWM')]);
    const stored = await atmIvRows().get('IWM');
    expect(stored.map((r) => r.date)).toEqual([...EARLIER.map((r) => r.date), DAY]);
    const today = stored.at(-1)!;
    expect(today.underlying_price).toBe(296.57);
    expect(today.atm_iv).toBeGreaterThan(0.1);
    expect(today.atm_iv).toBeLessThan(0.5);

    // A second run the same day has nothing left to do and changes nothing.
    const again = await runAtmIvJob(undefined, { provider });
    expect(again).toMatchObject({ status: 'succeeded', rowsRead: 0, rowsWritten: 0 });
    expect(http.calls).toHaveLength(2);
    expect(await atmIvRows().get('IWM')).toEqual(stored);
  });

  it('chain, volatility and walls of IWM come from one CBOE fetch; volatility says how many days are missing', async () => {
    const chain = await fx.api.get('get_option_chain', { ticker: 'IWM' });
    expect(chain.status).toBe(200);
    expect(chain.body).toMatchObject({ ticker: 'IWM', as_of: '2026-07-02 20:09:28', underlying_price: 296.57 });
    expect(chain.body.expiration).toBe('2026-07-17');

    const res = await fx.api.get('get_volatility_data', { ticker: 'IWM' });
    expect(res.status).toBe(200);
    const vol = volatilityResponse.parse(res.body);
    expect(vol.iv_window_days).toBe(5);
    expect(vol.iv_days_until_full).toBe(247);
    expect(vol.history.dates).toEqual([...EARLIER.map((r) => r.date), DAY]);
    // Today's point is the live chain's 30-day ATM IV, read as the job reads it.
    const storedToday = (await atmIvRows().get('IWM')).at(-1)!;
    expect(vol.atm_iv).toBe(storedToday.atm_iv);
    expect(vol.history.atm_iv.slice(0, 4)).toEqual(EARLIER.map((r) => r.atm_iv));
    // Rank and percentile over the five stored sessions, by the page's definitions.
    const all = [...EARLIER.map((r) => r.atm_iv), storedToday.atm_iv];
    const [low, high] = [Math.min(...all), Math.max(...all)];
    expect([vol.iv_low, vol.iv_high]).toEqual([low, high]);
    expect(vol.iv_rank).toBeCloseTo(((storedToday.atm_iv - low) / (high - low)) * 100, 4);
    expect(vol.iv_percentile).toBeCloseTo((all.filter((v) => v < storedToday.atm_iv).length / 5) * 100, 4);
    // No Polygon key, so no daily bars: no realised volatility, said as null.
    expect(vol.realised_vol_20).toBeNull();

    const walls = await fx.api.get('get_option_walls', { ticker: 'IWM' });
    expect(walls.status).toBe(200);

    expect(vendorCalls.filter((u) => u === cboeOptionChainUrl('IWM'))).toHaveLength(1);
    // The ticker is now followed by the daily job.
    expect(await new LiveChainCache(documentClient(), 'cboe').askedSince(DAY)).toEqual(['IWM']);
  });

  it('a listed ticker without options, an unknown one and an index are 404 alerts; the no-chain answer is cached', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fx.api.getUnchecked('get_option_chain', { ticker: 'ZZZT' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ alert_show: true, alert_message: 'No option chain for ZZZT: it lists no options.' });
    }
    expect(vendorCalls.filter((u) => u === cboeOptionChainUrl('ZZZT'))).toHaveLength(1);
    const vol = await fx.api.getUnchecked('get_volatility_data', { ticker: 'ZZZT' });
    expect(vol.status).toBe(404);
    for (const ticker of ['QWERTY', 'VIX']) {
      const res = await fx.api.getUnchecked('get_option_chain', { ticker });
      expect(res.status, ticker).toBe(404);
      expect(res.body.alert_show).toBe(true);
    }
  });

  it('OPTION_CHAIN_SOURCE=polygon without POLYGON_API_KEY is a 503 naming the key, never CBOE or the demo instead', async () => {
    process.env.OPTION_CHAIN_SOURCE = 'polygon';
    try {
      // Past the 10-minute provider memo; QQQ was never asked for, so no kept answer serves it.
      advanceWallClock(11 * 60_000);
      const before = vendorCalls.length;
      for (const route of ['get_option_chain', 'get_volatility_data', 'get_option_walls'] as const) {
        const res = await fx.api.getUnchecked(route, { ticker: 'QQQ' });
        expect(res.status, route).toBe(503);
        expect(res.body.alert_message, route).toMatch(
          /^Option chains are set to come from Polygon \(OPTION_CHAIN_SOURCE=polygon\), but POLYGON_API_KEY is not set/,
        );
      }
      expect(vendorCalls.length).toBe(before);
      // The status page says the same: the chosen vendor's key is missing, not "ready".
      const status = await fx.api.get('get_data_status');
      const sources = status.body.sources as Array<{ source: string }>;
      expect(sources.find((s) => s.source === 'cboe-option-chains')).toMatchObject({
        state: 'missing_key',
        env_key: 'POLYGON_API_KEY',
      });
    } finally {
      process.env.OPTION_CHAIN_SOURCE = '';
    }
  });
});
