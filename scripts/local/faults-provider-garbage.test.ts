import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dataStatusSchema } from '@tapewatch/shared/schemas/meta';
import { documentClient } from '@tapewatch/functions/data/client';
import { tableName } from '@tapewatch/functions/data/tables';
import { runFlowIngest } from '@tapewatch/functions/jobs/flow-ingest';
import { runOptionChainsIngest } from '@tapewatch/functions/jobs/option-chains';
import { runShortInterestIngest } from '@tapewatch/functions/jobs/short-interest';
import { benzingaRecord } from '@tapewatch/functions/providers/fixtures/benzinga-record';
import type { HttpGet } from '@tapewatch/functions/providers/http';
import { selectProvider } from '@tapewatch/functions/providers/select-provider';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

/**
 * Issue 13 item 4: a provider answering garbage (HTTP 200 with an HTML error page, cut-off JSON)
 * through the real vendor adapters (the HTTP layer is the only thing replaced): the job fails
 * visibly in the job log and on get_data_status, and the stored data stays byte for byte the same.
 */
const fx = useIntegrationRuntime();

const HTML_ERROR =
  '<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body><h1>Service Unavailable</h1></body></html>';
const requested: string[] = [];

/** The vendors' HTTP: Benzinga's page 0 is a full, valid page (so page 1 is asked for), every other answer garbage. */
const garbageHttp: HttpGet = async (url) => {
  requested.push(url);
  const u = new URL(url);
  let body = HTML_ERROR;
  if (u.pathname.endsWith('/signal/option_activity')) {
    const date = u.searchParams.get('parameters[date]')!;
    body =
      u.searchParams.get('page') === '0'
        ? JSON.stringify({
            option_activity: Array.from({ length: 1000 }, (_, i) =>
              benzingaRecord({ id: `garbage-test-${i}`, date, ticker: 'AAPL' }),
            ),
          })
        : '{"option_activity":[{"id":"5d63e8f1","date":"2024-03-07","ti';
  }
  return { status: 200, text: async () => body };
};

const liveProvider = () =>
  selectProvider(
    { TAPEWATCH_DATA_MODE: 'live', BENZINGA_API_KEY: 'test-key', POLYGON_API_KEY: 'test-key' },
    { http: garbageHttp, retry: { attempts: 1, baseDelayMs: 0 } },
  );

/** Every item of a table except the job log (a failed run adds its record there, nothing else). */
async function fingerprint(table: 'flow' | 'market'): Promise<{ items: number; hash: string }> {
  const lines: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({ TableName: tableName(table), ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) {
      if (String(item.pk).startsWith('JOBRUN#')) continue;
      lines.push(
        JSON.stringify(item, (_, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v)),
      );
    }
    start = page.LastEvaluatedKey;
  } while (start);
  lines.sort();
  return { items: lines.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
}

describe('faults: a provider returning garbage', () => {
  it('fails flow ingest, short interest and option chains visibly and keeps the stored data', async () => {
    const [flowBefore, marketBefore] = [await fingerprint('flow'), await fingerprint('market')];
    expect(flowBefore.items).toBeGreaterThan(100);
    const provider = liveProvider();

    // A day the seed holds: its 1,000 valid records of page 0 must not replace the stored day either.
    await expect(runFlowIngest({ from: '2024-03-07', to: '2024-03-07' }, { provider })).rejects.toThrow(/benzinga/);
    expect(
      requested.filter((u) => u.includes('option_activity')).map((u) => new URL(u).searchParams.get('page')),
    ).toEqual(['0', '1']);
    await expect(runShortInterestIngest({ from: '2024-02-01', to: '2024-03-08' }, { provider })).rejects.toThrow(
      /finra/,
    );
    await expect(runOptionChainsIngest({ from: '2024-03-08', to: '2024-03-08' }, { provider })).rejects.toThrow(/cboe/);

    expect(await fingerprint('flow')).toEqual(flowBefore);
    expect(await fingerprint('market')).toEqual(marketBefore);

    const status = dataStatusSchema.parse((await fx.api.get('get_data_status')).body);
    const lastRun = (job: string) => status.jobs.find((j) => j.job === job)?.last_run;
    expect(lastRun('flow-ingest')).toMatchObject({ status: 'failed', from: '2024-03-07', to: '2024-03-07' });
    expect(lastRun('flow-ingest')?.error).toMatch(/benzinga: .*options activity 2024-03-07 page 1/);
    expect(lastRun('shortinterest')).toMatchObject({ status: 'failed' });
    expect(lastRun('shortinterest')?.error).toMatch(/finra: /);
    expect(lastRun('optionwalls')).toMatchObject({ status: 'failed' });
    expect(lastRun('optionwalls')?.error).toMatch(/cboe: /);
    // The datasets keep their as-of dates: nothing newer was stored.
    expect(status.datasets.find((d) => d.dataset === 'options-flow')?.as_of).toBe('2024-03-08');
    // No API key leaks into the recorded errors.
    expect(JSON.stringify(status)).not.toContain('test-key');
  });
});
