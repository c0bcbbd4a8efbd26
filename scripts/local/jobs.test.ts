import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dataStatusSchema } from '@tapewatch/shared/schemas/meta';
import { documentClient } from '@tapewatch/functions/data/client';
import { DailyRowsRepository } from '@tapewatch/functions/data/daily-rows-repository';
import { tableName } from '@tapewatch/functions/data/tables';
import { runDarkPoolsIngest, SHORT_VOLUME_SERIES, type ShortVolumeDay } from '@tapewatch/functions/jobs/dark-pools';
import { providerFor } from '@tapewatch/functions/providers/market-provider';
import { runShortInterestIngest } from '@tapewatch/functions/jobs/short-interest';
import { runOptionChainsIngest } from '@tapewatch/functions/jobs/option-chains';
import { runPricesIngest } from '@tapewatch/functions/jobs/prices';
import { clockFor } from '@tapewatch/functions/platform/clock';
import { ProviderFormatError } from '@tapewatch/functions/providers/http';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const fx = useIntegrationRuntime();

/** Count and content hash of every item of a series, to prove a re-run changes nothing. */
async function seriesFingerprint(series: string): Promise<{ items: number; hash: string }> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: tableName('market'),
        FilterExpression: 'begins_with(pk, :p)',
        ExpressionAttributeValues: { ':p': `TS#${series}#` },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  const lines = items.map((i) => `${i.pk}|${i.sk}|${i.data}`).sort();
  return { items: items.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

describe('ingestion jobs', () => {
  it('dark pools: parses the day’s FINRA file into per-ticker rows, and a re-run changes nothing', async () => {
    // The seed's demo backfill ran this job over the year's files (scripts/test/vitest-seed.ts): the run here is a
    // re-run of its last three days, which rewrites every ticker's chunk and must leave each byte as it was.
    const before = await seriesFingerprint(SHORT_VOLUME_SERIES);
    expect(before.items).toBeGreaterThan(500);
    const again = await runDarkPoolsIngest({ from: '2024-03-06', to: '2024-03-08' });
    expect(again.status).toBe('succeeded');
    expect(again.rowsSkipped).toBe(0);
    expect(again.rowsWritten).toBeGreaterThan(500);
    expect(await seriesFingerprint(SHORT_VOLUME_SERIES)).toEqual(before);

    const aapl = await new DailyRowsRepository<ShortVolumeDay>(documentClient(), SHORT_VOLUME_SERIES).get('AAPL', 2024);
    // The seed holds the demo's year of files; every 2024 trading day to the demo date is there once.
    expect(aapl.map((r) => r.date).slice(-3)).toEqual(['2024-03-06', '2024-03-07', '2024-03-08']);
    expect(new Set(aapl.map((r) => r.date)).size).toBe(aapl.length);
    expect(aapl).toHaveLength(47);
    for (const r of aapl) {
      expect(r.short_volume).toBeLessThanOrEqual(r.total_volume);
      expect(r.short_volume / r.total_volume).toBeGreaterThan(0.2);
    }
  });

  it('a bad file fails the run visibly and leaves the stored data as it was', async () => {
    const before = await seriesFingerprint(SHORT_VOLUME_SERIES);
    const real = providerFor(documentClient(), clockFor());
    const broken = {
      ...real,
      dailyShortVolume: async (date: string) => {
        if (date === '2024-03-07') throw new ProviderFormatError('finra', 'the file is an HTML error page');
        return real.dailyShortVolume(date);
      },
    };
    await expect(runDarkPoolsIngest({ from: '2024-03-05', to: '2024-03-08' }, { provider: broken })).rejects.toThrow(
      'HTML error page',
    );
    expect(await seriesFingerprint(SHORT_VOLUME_SERIES)).toEqual(before);

    const status = dataStatusSchema.parse((await fx.api.get('get_data_status')).body);
    const darkpools = status.jobs.find((j) => j.job === 'darkpools')!;
    expect(darkpools.last_run).toMatchObject({ status: 'failed', from: '2024-03-05', to: '2024-03-08' });
    expect(darkpools.last_run!.error).toContain('HTML error page');
    expect(status.datasets.find((d) => d.dataset === 'finra-short-volume')?.as_of).toBe('2024-03-08');
  });

  it('prices: re-ingesting a day of bars leaves the stored history byte-identical', async () => {
    const before = await seriesFingerprint('daily');
    const run = await runPricesIngest({ from: '2024-03-08', to: '2024-03-08' });
    expect(run.status).toBe('succeeded');
    expect(run.rowsRead).toBeGreaterThan(500);
    expect(run.rowsWritten).toBeGreaterThan(500);
    expect(await seriesFingerprint('daily')).toEqual(before);
  });

  it('short interest and option chains go through the real parsers', async () => {
    const si = await runShortInterestIngest({ from: '2024-02-01', to: '2024-03-08' });
    expect(si).toMatchObject({ status: 'succeeded', rowsSkipped: 0 });
    expect(si.rowsRead).toBeGreaterThan(100); // two settlements of the NASDAQ-listed names
    const chains = await runOptionChainsIngest({ from: '2024-03-07', to: '2024-03-08' });
    expect(chains).toMatchObject({ status: 'succeeded', rowsWritten: 2, rowsSkipped: 0 });
    expect(chains.rowsRead).toBeGreaterThan(2000);
  });
});
