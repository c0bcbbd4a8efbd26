import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { dataStatusSchema } from '@tapewatch/shared/schemas/meta';
import { runDarkPoolsIngest } from '@tapewatch/functions/jobs/dark-pools';
import { runSp500RatiosJob } from '@tapewatch/functions/jobs/sp500-ratios';
import { fixtureText, replayHttp, type ReplayAnswer } from '@tapewatch/functions/providers/fixtures/load-fixture';
import { SHILLER_CSV_URL } from '@tapewatch/functions/providers/shiller/fetcher';
import { selectProvider } from '@tapewatch/functions/providers/select-provider';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

/**
 * Issue 27: a recorded market day through live mode. The runtime starts on an empty data directory
 * (no demo bundle) with a clock at 18:30 New York on 2021-04-27, the day of the complete FINRA file
 * in the provider fixtures; the jobs run through the real adapters, only the HTTP layer replays
 * the recorded responses (functions/src/providers/fixtures/README.md gives their provenance).
 */
const DAY = '2021-04-27';
const FINRA_SHORT_VOLUME = 'https://cdn.finra.org/equity/regsho/daily/CNMSshvol20210427.txt';

const fx = useIntegrationRuntime({
  empty: true,
  env: { TAPEWATCH_DATA_MODE: 'live', POLYGON_API_KEY: 'recorded-day-key', BENZINGA_API_KEY: 'recorded-day-key' },
});

/**
 * The FINRA file's header and its first 300 rows (A..), CRLF kept, trailer dropped: the whole file's
 * 9,714 tickers take over a minute to write to dynalite, and the adapter's handling of the complete
 * file is tested in functions/src/providers/finra.
 */
const finraExcerpt = fixtureText('finra/CNMSshvol20210427.txt.gz').split('\r\n').slice(0, 301).join('\r\n');

const recorded: Record<string, ReplayAnswer> = {
  [FINRA_SHORT_VOLUME]: { status: 200, body: finraExcerpt },
  [SHILLER_CSV_URL]: { status: 200, body: fixtureText('shiller/data_through_2021-04.csv.gz') },
};

/** The live provider over the recorded responses, with `down` answering 503 (one attempt, no waiting). */
const providerWith = (down: readonly string[] = []) =>
  selectProvider(process.env, {
    http: replayHttp({
      ...recorded,
      ...Object.fromEntries(down.map((url) => [url, { status: 503, body: 'Service Unavailable' }])),
    }),
    retry: { attempts: 1, baseDelayMs: 0 },
  });

async function status() {
  return dataStatusSchema.parse((await fx.api.get('get_data_status')).body);
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(`${DAY}T22:30:00Z`));
});

describe('live mode on a recorded market day', () => {
  it('with FINRA down, the dark pools screen says so and the Shiller screen works', async () => {
    const provider = providerWith([FINRA_SHORT_VOLUME]);
    await expect(runDarkPoolsIngest(undefined, { provider })).rejects.toThrow(/finra: .*HTTP 503/);
    await runSp500RatiosJob({ provider });

    const darkPools = await fx.api.getUnchecked('get_dark_pool_data', {});
    expect(darkPools.status).toBe(503);
    expect(darkPools.body.alert_show).toBe(true);
    const s = await status();
    const darkPoolsRun = s.jobs.find((j) => j.job === 'darkpools')?.last_run;
    expect(darkPoolsRun).toMatchObject({ status: 'failed', from: DAY, to: DAY });
    expect(darkPoolsRun?.error).toMatch(/finra: .*503/);

    const sp500 = await fx.api.get('get_sp500_ratios_data', { dataset: 'sp500_pe_ratio_month' });
    expect(sp500.status).toBe(200);
    expect(sp500.body.as_of).toBe(DAY);
    expect((sp500.body.dates as string[]).at(-1)).toBe('2021-04-01');
  });

  it('ingests the recorded FINRA file through the real adapter and every screen of it shows that day', async () => {
    const run = await runDarkPoolsIngest(undefined, { provider: providerWith() });
    expect(run).toMatchObject({ rowsRead: 300, rowsSkipped: 0 });

    const darkPools = await fx.api.get('get_dark_pool_data', {});
    expect(darkPools.status).toBe(200);
    expect(darkPools.text).not.toContain(DEMO_AS_OF);
    const rows = darkPools.body.data as Array<{ Ticker: string; Date: string; 'Short Volume': number }>;
    expect(new Set(rows.map((r) => r.Date))).toEqual(new Set([DAY]));
    // AA's line of the FINRA file: 20210427|AA|992738|619|2029539|B,Q,N
    expect(rows.find((r) => r.Ticker === 'AA')?.['Short Volume']).toBe(992738);

    const s = await status();
    expect(s.data_mode).toBe('live');
    expect(s.datasets.find((d) => d.dataset === 'finra-short-volume')?.as_of).toBe(DAY);
    expect(s.jobs.find((j) => j.job === 'darkpools')?.last_run?.status).toBe('succeeded');
  });
});
