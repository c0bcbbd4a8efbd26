import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableName } from '@tapewatch/functions/data/tables';
import { ensureTables, startDynalite } from './dynamo.ts';

describe('local dynalite: stopping (Ctrl+C)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('closes quietly and promptly while writes are still arriving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-dyn-close-'));
    dirs.push(dir);
    const dynamo = await startDynalite(dir);
    await ensureTables(dynamo.endpoint);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: 'us-east-1',
        endpoint: dynamo.endpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
        requestHandler: dynamo.requestHandler,
      }),
    );
    // A backfill cut short by Ctrl+C: writes in flight while the store shuts.
    const writes = Array.from({ length: 200 }, (_, i) =>
      db.send(new PutCommand({ TableName: tableName('app'), Item: { pk: `p${i}`, sk: 's', v: 'x'.repeat(2000) } })),
    );
    for (const w of writes) w.catch(() => {});
    const started = performance.now();
    await dynamo.close();
    await Promise.allSettled(writes);
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
    // main.ts forces the exit after 5 s: a close that waits for answers that never come would hit it.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
