import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createDemoProvider } from '../demo/demo-provider.ts';
import { replayHttp } from '../fixtures/load-fixture.ts';
import { ProviderFormatError, ProviderNotFoundError } from '../http.ts';
import { createShillerSource, SHILLER_CSV_URL } from './fetcher.ts';

// The bundled copy is the same datasets/s-and-p-500 data.csv, unmodified.
const csv = gunzipSync(
  readFileSync(new URL('../../../../scripts/demo-data/bundle/shiller-sp500-monthly.csv.gz', import.meta.url)),
).toString('utf8');

describe('S&P 500 monthly sources', () => {
  it('live: replays the real file through the production parser', async () => {
    const http = replayHttp({ [SHILLER_CSV_URL]: { status: 200, body: csv } });
    const report = await createShillerSource({ http }).sp500Monthly();
    expect(report.rows).toHaveLength(1866);
    expect(report.rows.find((r) => r.date === '1999-12-01')).toMatchObject({ price: 1428.68, cape: 44.2 });
    expect(http.calls.map((c) => c.url)).toEqual([SHILLER_CSV_URL]);
  });

  it('live: an HTML error page is a format error, not an empty history', async () => {
    const http = replayHttp({ [SHILLER_CSV_URL]: { status: 200, body: '<html>rate limited</html>' } });
    await expect(createShillerSource({ http }).sp500Monthly()).rejects.toBeInstanceOf(ProviderFormatError);
  });

  it('demo: serves the loaded file, or says it is not loaded', async () => {
    const source = {
      directory: async () => [],
      series: async () => Promise.reject(new Error('unused')),
      today: () => '2024-03-08',
    };
    const loaded = createDemoProvider({ ...source, sp500MonthlyCsv: async () => csv });
    expect((await loaded.sp500Monthly()).rows.at(-1)).toMatchObject({
      date: '2026-06-01',
      price: 7450.03,
      earnings: null,
    });
    await expect(
      createDemoProvider({ ...source, sp500MonthlyCsv: async () => null }).sp500Monthly(),
    ).rejects.toBeInstanceOf(ProviderNotFoundError);
  });
});
