import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectorPerformanceSchema } from '@tapewatch/shared/schemas/sectors';
import { documentClient } from '@tapewatch/functions/data/client';
import { marketKeys } from '@tapewatch/functions/data/keys';
import { tableName } from '@tapewatch/functions/data/tables';
import { broadcast } from '@tapewatch/functions/platform/realtime';
import { registerAuthenticator } from '@tapewatch/functions/lib/auth-guard';
import { DEMO_DATASET, readBundle } from '../demo-data/load-demo.ts';
import { openRegisteredSocket, waitForConnections } from '../test/live-socket.ts';
import { SEED_WAIT_MS, seedDataDir } from '../test/runtime-fixture.ts';
import { startLocalRuntime, type LocalRuntime } from './server.ts';

let rt: LocalRuntime;
let dataDir: string;
const lines: string[] = [];

const start = () =>
  startLocalRuntime({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    web: false,
    schedules: false,
    backfill: false,
    log: (l) => lines.push(l),
  });

beforeAll(() => seedDataDir(), SEED_WAIT_MS);
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tapewatch-rt-'));
  cpSync(await seedDataDir(), dataDir, { recursive: true });
  rt = await start();
  // $connect admits subscribers only (token in the query string).
  registerAuthenticator(async (token) =>
    token === 'sub'
      ? { userId: 'u1', username: 'subscriber', email: 's@example.com', subscription: 'basic', token }
      : null,
  );
});
afterAll(async () => {
  await rt?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('API through the local runtime', () => {
  it('serves Sector Performance computed from the bundled history', async () => {
    const res = await fetch(`${rt.url}/api/get_sector_performance_data`);
    expect(res.status).toBe(200);
    const body = sectorPerformanceSchema.parse(await res.json());
    expect(body.as_of).toBe('2024-03-08');
    expect(body.heatmap_data.y).toHaveLength(11);
    // Independent check against the raw bundle: XLK's 1-year return, 2023-03-08 close to 2024-03-08 close.
    const xlk = readBundle().series.get('XLK')!;
    const close = (d: string) => xlk.close[xlk.date.lastIndexOf(xlk.date.filter((x) => x <= d).at(-1)!)]!;
    const expected = (close('2024-03-08') / close('2023-03-08') - 1) * 100;
    const yi = body.heatmap_data.y.indexOf('Information Technology');
    const oneYear = body.heatmap_data.returns_data.find(([x, y]) => x === 5 && y === yi)![2]!;
    expect(oneYear).toBeCloseTo(expected, 3);
    expect(body.bar_data.chg_1y.index[0]).toBe('Information Technology');
  });

  it('answers bad input with a 400 alert naming the parameter', async () => {
    const res = await fetch(`${rt.url}/api/get_sector_performance_data?ticker=SPY`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ alert_show: true, alert_message: "Unknown parameter 'ticker'." });
  });

  it('answers unknown API paths and wrong methods with JSON', async () => {
    const missing = await fetch(`${rt.url}/api/get_everything`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(((await missing.json()) as { alert_message: string }).alert_message).toBe(
      'Unknown API endpoint /api/get_everything.',
    );
    const wrong = await fetch(`${rt.url}/api/get_sector_performance_data`, { method: 'POST', body: '{}' });
    expect(wrong.status).toBe(405);
  });

  it('labels the demo data', async () => {
    const res = await fetch(`${rt.url}/api/get_app_info`);
    expect(await res.json()).toMatchObject({ data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated' });
  });
});

const connect = () => openRegisteredSocket(rt.port, 'sub', 'u1');

describe('WebSocket API', () => {
  it("delivers a handler's PostToConnection to the connected client", async () => {
    const client = await connect();
    client.ws.send(JSON.stringify({ action: 'ping', data: 'hello' }));
    expect(await client.next()).toEqual({ event: 'pong', data: 'hello' });
    client.ws.close();
  });

  it('fans out to every connection and forgets closed ones', async () => {
    const a = await connect();
    const b = await connect();
    const first = await broadcast(documentClient(), { event: 'database_cleared' });
    expect(first.sent).toBeGreaterThanOrEqual(2);
    expect(await a.next()).toEqual({ event: 'database_cleared' });
    expect(await b.next()).toEqual({ event: 'database_cleared' });
    b.ws.terminate();
    // The server notices the dropped socket and its $disconnect removes the record.
    await waitForConnections((records) => !records.some((c) => c.connectionId === b.connectionId));
    const second = await broadcast(documentClient(), { event: 'database_cleared' });
    expect(second.sent).toBe(1);
    a.ws.close();
  });
});

describe('persistence', () => {
  it('keeps its data across restarts and repairs an interrupted load', async () => {
    await rt.close();
    lines.length = 0;
    rt = await start();
    expect(lines.some((l) => l.includes('demo data already loaded'))).toBe(true);

    // A load killed before its last step leaves no dataset marker; the next start loads again.
    await documentClient().send(
      new DeleteCommand({ TableName: tableName('market'), Key: marketKeys.datasetMarker(DEMO_DATASET) }),
    );
    await rt.close();
    lines.length = 0;
    rt = await start();
    expect(lines.some((l) => l.includes('already loaded'))).toBe(false);
    const marker = await documentClient().send(
      new GetCommand({ TableName: tableName('market'), Key: marketKeys.datasetMarker(DEMO_DATASET) }),
    );
    expect(marker.Item?.tickers).toBe(514);
    const res = await fetch(`${rt.url}/api/get_sector_performance_data`);
    expect(res.status).toBe(200);
  });
});
