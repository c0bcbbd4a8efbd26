import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { dataStatusSchema } from '@tapewatch/shared/schemas/meta';
import { spyToVixSchema } from '@tapewatch/shared/schemas/spy-to-vix';
import { documentClient } from '@tapewatch/functions/data/client';
import { TimeSeriesRepository } from '@tapewatch/functions/data/timeseries-repository';
import { tradingDaysBetween } from '@tapewatch/functions/domain/calendar/nyse';
import { runDarkPoolsIngest } from '@tapewatch/functions/jobs/dark-pools';
import { runFlowIngest } from '@tapewatch/functions/jobs/flow-ingest';
import { runPricesIngest } from '@tapewatch/functions/jobs/prices';
import { runSp500RatiosJob } from '@tapewatch/functions/jobs/sp500-ratios';
import { runSpyToVixJob } from '@tapewatch/functions/jobs/spy-to-vix';
import { runUniverseRefresh } from '@tapewatch/functions/jobs/universe';
import { runVixHistoryIngest } from '@tapewatch/functions/jobs/vix-history';
import { benzingaOptionsActivityUrl } from '@tapewatch/functions/providers/benzinga/fetcher';
import { CBOE_VIX_HISTORY_URL } from '@tapewatch/functions/providers/cboe/fetcher';
import { benzingaRecord } from '@tapewatch/functions/providers/fixtures/benzinga-record';
import { fixtureText, replayHttp, type ReplayAnswer } from '@tapewatch/functions/providers/fixtures/load-fixture';
import { polygonGroupedDailyBody, yahooDailyBars } from '@tapewatch/functions/providers/fixtures/polygon-grouped';
import { symbolDirectoryUrl } from '@tapewatch/functions/providers/nasdaq/fetcher';
import { polygonUrls } from '@tapewatch/functions/providers/polygon/fetcher';
import { SHILLER_CSV_URL } from '@tapewatch/functions/providers/shiller/fetcher';
import { selectProvider } from '@tapewatch/functions/providers/select-provider';
import { advanceWallClock, flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';

/**
 * Issue 27: a recorded market day through live mode. The runtime starts on an empty data directory
 * (no demo bundle) with a clock at 18:30 New York on 2021-04-27, the day of the complete FINRA file
 * in the provider fixtures; the jobs run through the real adapters, only the HTTP layer replays
 * the recorded responses (functions/src/providers/fixtures/README.md gives their provenance).
 */
const DAY = '2021-04-27';
const KEY = 'recorded-day-key';
const BENZINGA_PAGE_0 = benzingaOptionsActivityUrl(KEY, DAY, 0, 1000);
const FINRA_SHORT_VOLUME = 'https://cdn.finra.org/equity/regsho/daily/CNMSshvol20210427.txt';

const fx = useIntegrationRuntime({
  empty: true,
  env: { TAPEWATCH_DATA_MODE: 'live', POLYGON_API_KEY: KEY, BENZINGA_API_KEY: KEY },
  callers: flowCallers(),
  token: 'sub-token',
});

/**
 * The FINRA file's header and its first 300 rows (A..), CRLF kept, trailer dropped: the whole file's
 * 9,714 tickers take over a minute to write to dynalite, and the adapter's handling of the complete
 * file is tested in functions/src/providers/finra.
 */
const finraExcerpt = fixtureText('finra/CNMSshvol20210427.txt.gz').split('\r\n').slice(0, 301).join('\r\n');

/**
 * CONSTRUCTED, not recorded (no real Benzinga payload is public; see fixtures/README.md): three
 * records of the day in the wire format of Benzinga's signals-v1 schema, prices near that day's.
 */
const benzingaDay = JSON.stringify({
  option_activity: [
    benzingaRecord({
      id: '6088a1f0c2b5e10001000001',
      date: DAY,
      time: '10:02:11',
      ticker: 'SPY',
      updated: 1619532131,
      option_symbol: 'SPY210430C00420000',
      underlying_price: '417.52',
      put_call: 'CALL',
      sentiment: 'BULLISH',
      strike_price: '420.00',
      price: '1.05',
      size: '2000',
      cost_basis: '210000.0',
      bid: '1.03',
      ask: '1.05',
      midpoint: '1.04',
      open_interest: '48213',
      volume: '61877',
      date_expiration: '2021-04-30',
      description: 'SPY Call Sweep (31) near the Ask: 2000 @ $1.05 vs 48.2K OI; Ref=$417.52',
    }),
    benzingaRecord({
      id: '6088a1f0c2b5e10001000002',
      date: DAY,
      time: '11:45:03',
      ticker: 'AAPL',
      exchange: 'NASDAQ',
      underlying_type: 'STOCK',
      updated: 1619538303,
      option_symbol: 'AAPL210521C00140000',
      underlying_price: '134.39',
      put_call: 'CALL',
      sentiment: 'BULLISH',
      strike_price: '140.00',
      price: '2.10',
      size: '1500',
      cost_basis: '315000.0',
      bid: '2.05',
      ask: '2.10',
      midpoint: '2.075',
      open_interest: '30115',
      volume: '4210',
      date_expiration: '2021-05-21',
      option_activity_type: 'BLOCK',
      description: 'AAPL Call Block near the Ask: 1500 @ $2.10 vs 30.1K OI; Ref=$134.39',
    }),
    benzingaRecord({
      id: '6088a1f0c2b5e10001000003',
      date: DAY,
      time: '14:30:40',
      ticker: 'SPY',
      updated: 1619548240,
      option_symbol: 'SPY210521P00400000',
      underlying_price: '416.90',
      put_call: 'PUT',
      sentiment: 'BEARISH',
      strike_price: '400.00',
      price: '2.35',
      size: '1000',
      cost_basis: '235000.0',
      bid: '2.33',
      ask: '2.36',
      midpoint: '2.345',
      open_interest: '25406',
      volume: '18330',
      date_expiration: '2021-05-21',
      description: 'SPY Put Sweep (12) near the Ask: 1000 @ $2.35 vs 25.4K OI; Ref=$416.90',
    }),
  ],
});

/**
 * SPY To VIX joins a year of both series (the study needs 250 common days): CBOE's VIX file cut to
 * 2020-04-01..the day (real rows in CBOE's format), and SPY's bars of the same days (real yfinance
 * rows, dividend-adjusted, in Polygon grouped-daily envelopes: constructed, see fixtures/README.md).
 */
const SPY_TO_VIX_FROM = '2020-04-01';
const VIX_FILE = fixtureText('cboe/VIX_History_2020-04-01_2021-04-27.csv');
const spyBars = yahooDailyBars('yahoo/SPY_2020-04-01_2021-04-27.csv', 'SPY');
const yearOfDays = tradingDaysBetween(SPY_TO_VIX_FROM, DAY);

const recorded: Record<string, ReplayAnswer> = {
  [BENZINGA_PAGE_0]: { status: 200, body: benzingaDay },
  [FINRA_SHORT_VOLUME]: { status: 200, body: finraExcerpt },
  [SHILLER_CSV_URL]: { status: 200, body: fixtureText('shiller/data_through_2021-04.csv.gz') },
  [CBOE_VIX_HISTORY_URL]: { status: 200, body: VIX_FILE },
  [symbolDirectoryUrl('nasdaqlisted')]: { status: 200, body: fixtureText('nasdaq/nasdaqlisted_excerpt.txt') },
  [symbolDirectoryUrl('otherlisted')]: { status: 200, body: fixtureText('nasdaq/otherlisted_excerpt.txt') },
  ...Object.fromEntries(
    yearOfDays.map((d) => [
      polygonUrls.groupedDaily(d),
      { status: 200, body: polygonGroupedDailyBody(d, [spyBars.get(d)!]) },
    ]),
  ),
};

/**
 * The live provider over the recorded responses, with `down` answering 503 (one attempt, no
 * waiting: the replay answers at once, so the vendors' pacing is not slept either).
 */
const providerWith = (down: readonly string[] = []) =>
  selectProvider(process.env, {
    http: replayHttp({
      ...recorded,
      ...Object.fromEntries(down.map((url) => [url, { status: 503, body: 'Service Unavailable' }])),
    }),
    retry: { attempts: 1, baseDelayMs: 0 },
    limiterClock: { now: () => 0, sleep: async () => {} },
  });

async function status() {
  return dataStatusSchema.parse((await fx.api.get('get_data_status')).body);
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(`${DAY}T22:30:00Z`));
});

describe('live mode on a recorded market day', () => {
  it('with FINRA, Benzinga and the CBOE VIX file down, their screens say so and the Shiller screen works', async () => {
    const provider = providerWith([FINRA_SHORT_VOLUME, BENZINGA_PAGE_0, CBOE_VIX_HISTORY_URL]);
    await expect(runDarkPoolsIngest(undefined, { provider })).rejects.toThrow(/finra: .*HTTP 503/);
    await expect(runFlowIngest(undefined, { provider })).rejects.toThrow(/benzinga: .*HTTP 503/);
    await expect(runVixHistoryIngest(undefined, { provider })).rejects.toThrow(/cboe: .*HTTP 503/);
    for (const [name, provider] of [
      ['get_current_options_flow', 'Benzinga'],
      ['get_dark_pool_data', 'FINRA'],
      ['get_spy_to_vix_data', 'CBOE VIX history'],
    ] as const) {
      const res = await fx.api.getUnchecked(name, {});
      expect(res.status, name).toBe(503);
      expect(res.body.alert_message).toMatch(new RegExp(`^The last update from ${provider}.* failed`));
    }
    await runSp500RatiosJob({ provider });

    const s = await status();
    const darkPoolsRun = s.jobs.find((j) => j.job === 'darkpools')?.last_run;
    expect(darkPoolsRun).toMatchObject({ status: 'failed', from: DAY, to: DAY });
    expect(darkPoolsRun?.error).toMatch(/finra: .*503/);

    const sp500 = await fx.api.get('get_sp500_ratios_data', { dataset: 'sp500_pe_ratio_month' });
    expect(sp500.status).toBe(200);
    expect(sp500.body.as_of).toBe(DAY);
    expect((sp500.body.dates as string[]).at(-1)).toBe('2021-04-01');
  });

  it('once the providers answer, their screens show that day through the real adapters', async () => {
    const run = await runDarkPoolsIngest(undefined, { provider: providerWith() });
    expect(run).toMatchObject({ rowsRead: 300, rowsSkipped: 0 });
    await runFlowIngest(undefined, { provider: providerWith() });
    // Past the few seconds the status and the failed-run check are memoized for.
    advanceWallClock(6_000);

    const darkPools = await fx.api.get('get_dark_pool_data', {});
    expect(darkPools.status).toBe(200);
    expect(darkPools.text).not.toContain(DEMO_AS_OF);
    const rows = darkPools.body.data as Array<{ Ticker: string; Date: string; 'Short Volume': number }>;
    expect(new Set(rows.map((r) => r.Date))).toEqual(new Set([DAY]));
    // AA's line of the FINRA file: 20210427|AA|992738|619|2029539|B,Q,N
    expect(rows.find((r) => r.Ticker === 'AA')?.['Short Volume']).toBe(992738);

    const flow = await fx.api.get('get_current_options_flow');
    expect(flow.status).toBe(200);
    expect(flow.body.date).toBe(DAY);
    const trades = flow.body.options_flow as Array<{ key: string; date: string; ticker: string; cost_basis: number }>;
    expect(trades.map((t) => [t.key.slice(-1), t.date, t.ticker, t.cost_basis])).toEqual([
      ['3', DAY, 'SPY', 235],
      ['2', DAY, 'AAPL', 315],
      ['1', DAY, 'SPY', 210],
    ]);

    const s = await status();
    expect(s.data_mode).toBe('live');
    expect(s.datasets.find((d) => d.dataset === 'finra-short-volume')?.as_of).toBe(DAY);
    expect(s.jobs.find((j) => j.job === 'darkpools')?.last_run?.status).toBe('succeeded');
  });

  it('SPY To VIX joins the VIX closes of the CBOE file with the SPY bars of the same days', async () => {
    const provider = providerWith();
    await runUniverseRefresh(undefined, { provider });
    const prices = await runPricesIngest({ from: SPY_TO_VIX_FROM, to: DAY }, { provider });
    expect(prices).toMatchObject({ status: 'succeeded', rowsRead: yearOfDays.length, rowsSkipped: 0 });
    const vix = await runVixHistoryIngest(undefined, { provider });
    expect(vix).toMatchObject({ status: 'succeeded', rowsRead: 270, rowsSkipped: 0, rowsWritten: 2 });
    await runSpyToVixJob();
    advanceWallClock(6_000);

    // The day's VIX line of the file: 04/27/2021,17.620000,18.160000,16.970000,17.560000
    const stored = await new TimeSeriesRepository(documentClient()).getSeries('VIX');
    const i = stored.date.indexOf(DAY);
    expect([stored.open[i], stored.high[i], stored.low[i], stored.close[i]]).toEqual([17.62, 18.16, 16.97, 17.56]);
    expect(stored.date).toEqual(yearOfDays);

    const res = await fx.api.get('get_spy_to_vix_data');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(DEMO_AS_OF);
    const api = spyToVixSchema.parse(res.body);
    expect([api.from, api.as_of]).toEqual([SPY_TO_VIX_FROM, DAY]);
    // The one-day regression over the two fixtures, recomputed here without the app's code.
    const vixClose = new Map(
      VIX_FILE.trim()
        .split('\r\n')
        .slice(1)
        .map((l) => {
          const [date, , , , close] = l.split(',');
          return [`${date!.slice(6)}-${date!.slice(0, 2)}-${date!.slice(3, 5)}`, Number(close)];
        }),
    );
    const pct = (a: number, b: number) => (b / a - 1) * 100;
    const obs = yearOfDays.slice(1).map((d, k) => ({
      v: pct(vixClose.get(yearOfDays[k]!)!, vixClose.get(d)!),
      s: pct(spyBars.get(yearOfDays[k]!)!.c, spyBars.get(d)!.c),
    }));
    expect(obs.at(-1)!.v).toBeCloseTo((17.56 / 17.64 - 1) * 100, 10);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const mv = mean(obs.map((o) => o.v));
    const ms = mean(obs.map((o) => o.s));
    const cov = (f: (o: { v: number; s: number }) => number) => obs.reduce((a, o) => a + f(o), 0);
    const sxy = cov((o) => (o.v - mv) * (o.s - ms));
    const sxx = cov((o) => (o.v - mv) ** 2);
    const syy = cov((o) => (o.s - ms) ** 2);
    const r = api.spy_to_vix_prob_positive.regression_data['1d'];
    expect(r.nobs).toBe(yearOfDays.length - 1);
    expect(r['Coef.'].x1).toBeCloseTo(sxy / sxx, 6);
    expect(r.correlation).toBeCloseTo(sxy / Math.sqrt(sxx * syy), 5);

    const s = await status();
    expect(s.datasets.find((d) => d.dataset === 'vix-history')?.as_of).toBe(DAY);
    expect(s.sources.find((x) => x.source === 'cboe-vix-history')).toMatchObject({ state: 'ready' });
  });
});
