import { beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import { DailyRowsRepository } from '@tapewatch/functions/data/daily-rows-repository';
import { TimeSeriesRepository } from '@tapewatch/functions/data/timeseries-repository';
import { tradingDaysBetween } from '@tapewatch/functions/domain/calendar/nyse';
import { SHORT_VOLUME_SERIES } from '@tapewatch/functions/jobs/dark-pools';
import { liveBackfillPlan } from '@tapewatch/functions/jobs/live-backfill-plan';
import { runUniverseRefresh } from '@tapewatch/functions/jobs/universe';
import { runVixHistoryIngest } from '@tapewatch/functions/jobs/vix-history';
import { CBOE_VIX_HISTORY_URL } from '@tapewatch/functions/providers/cboe/fetcher';
import { finraShortVolumeUrl } from '@tapewatch/functions/providers/finra/fetcher';
import { fixtureText, replayHttp, type ReplayAnswer } from '@tapewatch/functions/providers/fixtures/load-fixture';
import type { HttpGet } from '@tapewatch/functions/providers/http';
import { symbolDirectoryUrl } from '@tapewatch/functions/providers/nasdaq/fetcher';
import { polygonUrls } from '@tapewatch/functions/providers/polygon/fetcher';
import type { LimiterClock } from '@tapewatch/functions/providers/rate-limit';
import { selectProvider } from '@tapewatch/functions/providers/select-provider';
import { advanceWallClock, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { runLiveBackfill } from './live-backfill.ts';

/**
 * Issue 27 item 2: the live first-run backfill, killed half-way and resumed, over the recorded
 * HTTP layer. Day 2021-04-27 (the recorded day); the histories are cut to March-April 2021 so the
 * test stays small: two month units each of Polygon grouped bars and FINRA short volume.
 * Responses: the Nasdaq Trader directories (fixtures/nasdaq, real rows); FINRA files = the real
 * 2021-04-27 file's first 20 rows with each day's date (constructed); Polygon grouped-daily
 * payloads in Polygon's format with a close that encodes the day (constructed).
 */
const TODAY = '2021-04-27';
const KEY = 'backfill-test-key';
const fx = useIntegrationRuntime({
  empty: true,
  env: { TAPEWATCH_DATA_MODE: 'live', POLYGON_API_KEY: KEY, BENZINGA_API_KEY: '' },
});

const days = tradingDaysBetween('2021-03-01', TODAY);
const finraDay = fixtureText('finra/CNMSshvol20210427.txt.gz').split('\r\n').slice(0, 21).join('\r\n');
/** A day's close: its ordinal in the range, so a gap or a duplicate shows in the stored series. */
const closeOf = (ticker: string, date: string) => (ticker === 'AAPL' ? 100 : 400) + days.indexOf(date);
const grouped = (date: string) =>
  JSON.stringify({
    queryCount: 3,
    resultsCount: 3,
    adjusted: true,
    // ZZZZ is in no directory: the prices job must leave it out.
    results: ['AAPL', 'SPY', 'ZZZZ'].map((T) => ({
      T,
      v: 1_000_000,
      o: closeOf(T, date),
      h: closeOf(T, date) + 1,
      l: closeOf(T, date) - 1,
      c: closeOf(T, date),
      t: Date.parse(`${date}T20:00:00Z`),
      n: 1000,
    })),
    status: 'OK',
    request_id: `grouped-${date}`,
    count: 3,
  });

const recorded: Record<string, ReplayAnswer> = {
  [symbolDirectoryUrl('nasdaqlisted')]: { status: 200, body: fixtureText('nasdaq/nasdaqlisted_excerpt.txt') },
  [symbolDirectoryUrl('otherlisted')]: { status: 200, body: fixtureText('nasdaq/otherlisted_excerpt.txt') },
  ...Object.fromEntries(
    days.flatMap((d) => [
      [polygonUrls.groupedDaily(d), { status: 200, body: grouped(d) }],
      [finraShortVolumeUrl(d), { status: 200, body: finraDay.replaceAll('20210427|', `${d.replaceAll('-', '')}|`) }],
    ]),
  ),
};

/** Virtual time for the per-vendor pacing: the waits are recorded, never slept. */
function virtualClock(): LimiterClock & { starts: Array<{ at: number }> } {
  let now = 0;
  return { starts: [], now: () => now, sleep: async (ms) => void (now += ms) };
}

const plan = () =>
  liveBackfillPlan(TODAY, { prices: 58, darkpools: 58 }).filter((s) =>
    ['universe', 'prices', 'darkpools'].includes(s.job),
  );

function provider(http: HttpGet, clock: LimiterClock) {
  return selectProvider(process.env, { http, retry: { attempts: 1, baseDelayMs: 0 }, limiterClock: clock });
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(`${TODAY}T22:30:00Z`));
});

describe('live first-run backfill', () => {
  it('killed mid-way, resumes where it stopped: no refetch of stored units, no duplicate rows, no gaps', async () => {
    expect(plan().map((s) => [s.job, s.units.map((u) => u.key)])).toEqual([
      ['universe', ['2021-04-27..2021-04-27']],
      ['prices', ['2021-03-01..2021-03-31', '2021-04-01..2021-04-27']],
      ['darkpools', ['2021-03-01..2021-03-31', '2021-04-01..2021-04-27']],
    ]);
    // First run: the process "dies" on the 30th request, inside the April prices unit (2 directory
    // files + 23 March days + 5 April days).
    const first = replayHttp(recorded);
    const killer = new AbortController();
    const dying: HttpGet = async (url, init) => {
      if (first.calls.length === 29) {
        killer.abort();
        throw new Error('killed');
      }
      return first(url, init);
    };
    const progress: number[] = [];
    const r1 = await runLiveBackfill({
      today: TODAY,
      provider: provider(dying, virtualClock()),
      plan: plan(),
      signal: killer.signal,
      onProgress: (done) => progress.push(done),
    });
    expect(r1).toMatchObject({ unitsRun: 2, unitsSkipped: 0, aborted: true, failures: [] });
    expect(progress.at(-1)).toBe(2);

    const db = documentClient();
    const prices = new TimeSeriesRepository(db);
    const march = days.filter((d) => d < '2021-04-01');
    expect((await prices.getSeries('AAPL')).date).toEqual(march);

    // Resume: the universe and March are checkpointed and not fetched again.
    const second = replayHttp(recorded);
    const clock = virtualClock();
    const starts: number[] = [];
    const timed: HttpGet = (url, init) => {
      if (url.includes('polygon')) starts.push(clock.now());
      return second(url, init);
    };
    const r2 = await runLiveBackfill({ today: TODAY, provider: provider(timed, clock), plan: plan() });
    expect(r2).toMatchObject({ unitsRun: 3, unitsSkipped: 2, aborted: false, failures: [] });
    const urls = second.calls.map((c) => c.url);
    expect(urls.filter((u) => u.includes('nasdaqtrader'))).toEqual([]);
    expect(urls.filter((u) => u.includes('/stocks/2021-03-'))).toEqual([]);
    expect(urls.filter((u) => u.includes('polygon'))).toHaveLength(days.length - march.length);
    // Polygon's free plan: 5 requests a minute, so one every 12 s.
    expect(starts.slice(1).map((t, i) => t - starts[i]!)).toEqual(starts.slice(1).map(() => 12_000));

    const aapl = await prices.getSeries('AAPL');
    expect(aapl.date).toEqual(days);
    expect(aapl.close).toEqual(days.map((d) => closeOf('AAPL', d)));
    expect((await prices.getSeries('SPY')).close).toEqual(days.map((d) => closeOf('SPY', d)));
    expect((await prices.getSeries('ZZZZ')).date).toEqual([]);
    const shortVolume = await new DailyRowsRepository<{ date: string }>(db, SHORT_VOLUME_SERIES).get('AA');
    expect(shortVolume.map((r) => r.date)).toEqual(days);

    // A third start finds everything done and fetches nothing.
    const third = replayHttp(recorded);
    const r3 = await runLiveBackfill({ today: TODAY, provider: provider(third, virtualClock()), plan: plan() });
    expect(r3).toMatchObject({ unitsRun: 0, unitsSkipped: 5 });
    expect(third.calls).toEqual([]);
  });

  it('the universe comes from the listings; a failed refresh keeps the previous one', async () => {
    const directory = new DirectoryRepository(documentClient());
    const before = await directory.all();
    expect(before.map((e) => e.symbol)).toEqual(expect.arrayContaining(['AAPL', 'BRK.B', 'QQQ', 'SPY']));
    expect(before.find((e) => e.symbol === 'SPY')).toMatchObject({ kind: 'etf', exchange: 'NYSE Arca' });
    const search = await fx.api.get('search_tickers', { fragment: 'apple' });
    expect((search.body.tickers as string[][])[0]).toEqual(['AAPL', 'Apple Inc.']);

    const down = replayHttp({ ...recorded, [symbolDirectoryUrl('otherlisted')]: { status: 503 } });
    await expect(runUniverseRefresh(undefined, { provider: provider(down, virtualClock()) })).rejects.toThrow(
      /nasdaq: HTTP 503/,
    );
    expect(await directory.all()).toEqual(before);
    const status = await fx.api.get('get_data_status');
    const jobs = status.body.jobs as Array<{ job: string; last_run: { status: string } | null }>;
    expect(jobs.find((j) => j.job === 'universe')?.last_run?.status).toBe('failed');
  });

  it('VIX: one request stores the whole history, checkpointed; a damaged or shorter file keeps what is stored', async () => {
    // CBOE's format, real rows 2020-04-01..2021-04-27 (fixtures/README.md).
    const vixFile = fixtureText('cboe/VIX_History_2020-04-01_2021-04-27.csv');
    const vixPlan = liveBackfillPlan(TODAY).filter((s) => s.job === 'vix');
    const http = replayHttp({ [CBOE_VIX_HISTORY_URL]: { status: 200, body: vixFile } });
    const r1 = await runLiveBackfill({ today: TODAY, provider: provider(http, virtualClock()), plan: vixPlan });
    expect(r1).toMatchObject({ unitsRun: 1, failures: [] });
    expect(http.calls.map((c) => c.url)).toEqual([CBOE_VIX_HISTORY_URL]);
    const series = new TimeSeriesRepository(documentClient());
    const stored = await series.getSeries('VIX');
    expect(stored.date).toHaveLength(270);
    expect(stored.close.at(-1)).toBe(17.56);
    expect(stored.volume).toBeNull();

    const again = replayHttp({ [CBOE_VIX_HISTORY_URL]: { status: 200, body: vixFile } });
    expect(
      await runLiveBackfill({ today: TODAY, provider: provider(again, virtualClock()), plan: vixPlan }),
    ).toMatchObject({ unitsRun: 0, unitsSkipped: 1 });
    expect(again.calls).toEqual([]);

    const daily = (body: string) =>
      runVixHistoryIngest(undefined, {
        provider: provider(replayHttp({ [CBOE_VIX_HISTORY_URL]: { status: 200, body } }), virtualClock()),
      });
    // The daily refresh of an unchanged file writes nothing; a corrected past day rewrites its year only.
    expect(await daily(vixFile)).toMatchObject({ status: 'succeeded', rowsRead: 270, rowsWritten: 0 });
    const corrected = vixFile.replace(
      '06/01/2020,28.940000,30.600000,28.110000,28.230000',
      '06/01/2020,28.940000,30.600000,28.110000,28.240000',
    );
    expect(corrected).not.toBe(vixFile);
    expect(await daily(corrected)).toMatchObject({ status: 'succeeded', rowsWritten: 1 });
    const fixed = await series.getSeries('VIX');
    expect(fixed.close[fixed.date.indexOf('2020-06-01')]).toBe(28.24);

    // Cut at a line break (it ends on 2021-04-23) or inside a line: refused, the stored days stay.
    const lines = vixFile.split('\r\n');
    await expect(daily(lines.slice(0, -3).join('\r\n'))).rejects.toThrow(
      /ends on 2021-04-23, before the stored history's last day 2021-04-27/,
    );
    await expect(daily(vixFile.slice(0, -5))).rejects.toThrow(
      /cboe: VIX history: file refused, 1 bad line \(line 271: CLOSE/,
    );
    expect(await series.getSeries('VIX')).toEqual(fixed);
    // Past the few seconds the status is memoized for.
    advanceWallClock(6_000);
    const status = await fx.api.get('get_data_status');
    const jobs = status.body.jobs as Array<{ job: string; last_run: { status: string; error?: string } | null }>;
    expect(jobs.find((j) => j.job === 'vix')?.last_run).toMatchObject({ status: 'failed' });
  });
});
