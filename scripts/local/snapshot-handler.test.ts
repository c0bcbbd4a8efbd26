import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { SectorRotationData } from '@tapewatch/shared/schemas/sector-rotation';
import type { SpyToVix } from '@tapewatch/shared/schemas/spy-to-vix';
import { documentClient } from '@tapewatch/functions/data/client';
import { snapshots, type SnapshotDef } from '@tapewatch/functions/data/snapshot-catalog';
import { SnapshotRepository } from '@tapewatch/functions/data/snapshot-repository';
import { snapshotHandler } from '@tapewatch/functions/http/snapshot-handler';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

useIntegrationRuntime();

// Test-only snapshot names, so the demo's own snapshots neither help nor get in the way.
const whole: SnapshotDef<SpyToVix> = {
  name: `test_whole_${Date.now()}`,
  notReady: 'Whole is being computed. Please try again in a minute.',
};
const parted: SnapshotDef<Record<string, SectorRotationData>> = {
  name: `test_parts_${Date.now()}`,
  notReady: 'Parts are being computed. Please try again in a minute.',
};

async function call(handler: ReturnType<typeof snapshotHandler>, query: Record<string, string> = {}) {
  const event = {
    headers: {},
    queryStringParameters: query,
    rawPath: '/api/test',
    requestContext: { requestId: 't', http: { method: 'GET' } },
  };
  const res = await handler(event as unknown as APIGatewayProxyEventV2, {} as Context);
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') as unknown };
}

describe('snapshotHandler', () => {
  it('answers 503 with the catalog message until the snapshot exists, then the payload', async () => {
    const handler = snapshotHandler('get_spy_to_vix_data', whole);
    expect(await call(handler)).toEqual({ status: 503, body: { alert_show: true, alert_message: whole.notReady } });
    const payload = { as_of: '2024-03-08', marker: 1 } as unknown as SpyToVix;
    await new SnapshotRepository(documentClient()).put(whole.name, '2024-03-08', payload);
    // A fresh handler (a new container): the failed load above is not remembered.
    expect(await call(snapshotHandler('get_spy_to_vix_data', whole))).toEqual({ status: 200, body: payload });
  });

  it('answers the part a query names, and 503 for a part the snapshot lacks', async () => {
    const handler = snapshotHandler('get_sector_rotation_data', parted, {
      key: (q) => `${q.index}|${q.lookback}|${q.factor}`,
      select: (payload, key) => payload[key],
    });
    const part = { marker: 'nasdaq' } as unknown as SectorRotationData;
    await new SnapshotRepository(documentClient()).put(parted.name, '2024-03-08', { 'nasdaq100|26|momentum': part });
    expect(await call(handler, { index: 'nasdaq100', lookback: '26', factor: 'momentum' })).toEqual({
      status: 200,
      body: part,
    });
    const missing = await call(handler, { index: 'sp500', lookback: '26', factor: 'momentum' });
    expect(missing).toEqual({ status: 503, body: { alert_show: true, alert_message: parted.notReady } });
  });

  it('keeps the stored snapshot names (a rename would orphan every stored snapshot)', () => {
    const names = Object.values(snapshots).map((s) => (typeof s === 'function' ? s('SPY').name : s.name));
    expect(names).toEqual([
      'clusters_table',
      'dark_pool_table',
      'mc_heatmap',
      'sector_performance',
      'sector_rotation',
      'short_interest_latest',
      'signals',
      'sp500_ratios',
      'spy_to_vix',
      'dark_pool_individual#SPY',
      'option_minmax_SPY',
      'option_walls_SPY',
    ]);
  });
});
