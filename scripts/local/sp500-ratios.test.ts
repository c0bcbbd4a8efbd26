import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { SnapshotRepository } from '@tapewatch/functions/data/snapshot-repository';
import { runSp500RatiosJob, SP500_RATIOS_SNAPSHOT } from '@tapewatch/functions/jobs/sp500-ratios';
import {
  SP500_DATASETS,
  SP500_NO_DATA_MESSAGE,
  sp500RatiosResponse,
  type Sp500RatiosResponse,
} from '@tapewatch/shared/schemas/sp500';
import type { MarketDataProvider } from '@tapewatch/functions/providers/provider';
import { BUNDLE_DIR } from '../demo-data/bundle-format.ts';
import { SP500_MONTHLY_FILE } from '../demo-data/load-demo.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

const load = async (dataset: string): Promise<Sp500RatiosResponse> => {
  const res = await api.getUnchecked('get_sp500_ratios_data', { dataset });
  expect(res.status).toBe(200);
  return sp500RatiosResponse.parse(res.body);
};

/** The bundled file's rows, read here without the app's parser: date -> [P, D, E, CPI, ..., PE10]. */
const raw = new Map(
  gunzipSync(readFileSync(join(BUNDLE_DIR, SP500_MONTHLY_FILE)))
    .toString('utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','))
    .map((c) => [c[0]!, c.slice(1).map(Number)] as const),
);

describe('GET /api/get_sp500_ratios_data on the demo data', () => {
  it('serves all 36 datasets; supported ones match the bundled Shiller rows', async () => {
    for (const id of SP500_DATASETS) {
      const d = await load(id);
      expect(d.dataset).toBe(id);
      expect(d.as_of).toBe('2024-03-08');
    }
    const pe = await load('sp500_pe_ratio_month');
    expect(pe.label).toBe('S&P 500 PE Ratio by Month');
    const i = pe.dates.indexOf('2020-03-01');
    const [p, , e] = raw.get('2020-03-01')!;
    expect(pe.data[i]).toBeCloseTo(p! / e!, 4);
    const [pPrev, , ePrev] = raw.get('2020-02-01')!;
    expect(pe.change[i]).toBeCloseTo(p! / e! - pPrev! / ePrev!, 3);
    expect(pe.change_pct[i]).toBeCloseTo(100 * (p! / e! / (pPrev! / ePrev!) - 1), 2);
    // Earnings stop in 2023-06; the price-only months after it never become zero or infinite PEs.
    expect(pe.dates.at(-1)).toBe('2023-06-01');
    expect(pe.data.every((v) => v > 0 && Number.isFinite(v))).toBe(true);
    const stats = Object.fromEntries(pe.stats.map((s) => [s.key, s.value]));
    expect(stats).toMatchObject({
      'Current date': '2023-06-01',
      Observations: pe.data.length,
      'Maximum date': '2009-05-01',
    });
    expect(stats.Maximum).toBe(Math.max(...pe.data));

    const cape = await load('sp500_shiller_pe_ratio_year');
    expect(cape.data[cape.dates.indexOf('2000-01-01')]).toBe(raw.get('2000-01-01')![8]); // 43.77
  });

  it('book value and sales families answer with the no-source message and no values', async () => {
    for (const id of ['sp500_bvps_quarter', 'sp500_psr_year', 'sp500_real_sales_growth_quarter']) {
      const d = await load(id);
      expect(d).toMatchObject({ no_data_message: SP500_NO_DATA_MESSAGE, dates: [], data: [], stats: [] });
    }
  });

  it('defaults to sp500_pe_ratio_month and rejects an unknown dataset with a 400 naming it', async () => {
    const res = await api.get('get_sp500_ratios_data');
    expect((res.body as Sp500RatiosResponse).dataset).toBe('sp500_pe_ratio_month');
    const bad = await api.getUnchecked('get_sp500_ratios_data', { dataset: 'sp500_pe_ratio_week' });
    expect(bad.status).toBe(400);
    const body = bad.body as { alert_show: boolean; alert_message: string };
    expect(body.alert_show).toBe(true);
    expect(body.alert_message).toBe("Invalid value for 'dataset': unknown dataset 'sp500_pe_ratio_week'.");
  });
});

describe('sp500-ratios job', () => {
  it('fails without writing when the provider has no rows, and re-runs idempotently', async () => {
    const snaps = new SnapshotRepository(documentClient());
    const before = await snaps.latest(SP500_RATIOS_SNAPSHOT);
    const empty = {
      sp500Monthly: async () => ({ rows: [], skipped: 3, skippedLines: [] }),
    } as unknown as MarketDataProvider;
    await expect(runSp500RatiosJob({ provider: empty })).rejects.toThrow('Only 0 months');
    expect((await snaps.latest(SP500_RATIOS_SNAPSHOT))?.computedAt).toBe(before?.computedAt);
    const run = await runSp500RatiosJob();
    expect(run).toMatchObject({ status: 'succeeded', rowsRead: 1866, rowsWritten: 1 });
    const after = await snaps.latest<{ datasets: Record<string, Sp500RatiosResponse> }>(SP500_RATIOS_SNAPSHOT);
    expect(after?.payload.datasets.sp500_pe_ratio_month).toEqual(await load('sp500_pe_ratio_month'));
  });
});
