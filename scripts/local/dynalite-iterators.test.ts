import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DynaliteServer, startDynaliteServer } from './dynalite-server.ts';
import { localDynamoClient } from './dynamo.ts';

// The LevelDB binding dynalite really uses (dynalite -> level -> classic-level).
const fromDynalite = createRequire(createRequire(import.meta.url).resolve('dynalite'));
const { ClassicLevel } = createRequire(fromDynalite.resolve('level'))('classic-level') as {
  ClassicLevel: { prototype: { _iterator(options: unknown): { _close(): Promise<void> } } };
};

/** Every native iterator the database opens, and whether it was closed again. */
const opened = new Map<object, boolean>();
const originalIterator = ClassicLevel.prototype._iterator;

// dynalite in this thread (the runtime runs the same server on a worker), so its LevelDB can be watched.
let dynamo: DynaliteServer;
let dir: string;
let doc: DynamoDBDocumentClient;

beforeAll(async () => {
  ClassicLevel.prototype._iterator = function (options) {
    const iterator = originalIterator.call(this, options);
    const close = iterator._close.bind(iterator);
    opened.set(iterator, false);
    iterator._close = () => {
      opened.set(iterator, true);
      return close();
    };
    return iterator;
  };
  dir = mkdtempSync(join(tmpdir(), 'tapewatch-iterators-'));
  dynamo = await startDynaliteServer(dir, () => {});
  const client = localDynamoClient(`http://127.0.0.1:${dynamo.port}`);
  doc = DynamoDBDocumentClient.from(client);
  await client.send(
    new CreateTableCommand({
      TableName: 'iterators',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', 'gpk', 'gsk'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byG',
          KeySchema: [
            { AttributeName: 'gpk', KeyType: 'HASH' },
            { AttributeName: 'gsk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  );
  for (let i = 0; i < 60; i++) {
    await doc.send(
      new PutCommand({
        TableName: 'iterators',
        Item: { pk: 'p', sk: String(i).padStart(3, '0'), gpk: 'g', gsk: String(i), body: 'x'.repeat(500) },
      }),
    );
  }
});

afterAll(async () => {
  ClassicLevel.prototype._iterator = originalIterator;
  await dynamo.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openIterators(): Promise<number> {
  // A closing stream finishes its iterator's close() asynchronously: give it a moment.
  for (let i = 0; i < 50 && [...opened.values()].includes(false); i++) await new Promise((r) => setTimeout(r, 20));
  return [...opened.values()].filter((closed) => !closed).length;
}

describe('dynalite closes the LevelDB iterators behind Query and Scan (no native memory pinned per read)', () => {
  it('every read that stops early (Limit), reads to the end, scans or uses an index leaves no iterator open', async () => {
    const before = opened.size;
    const page = await doc.send(
      new QueryCommand({
        TableName: 'iterators',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'p' },
        Limit: 5,
      }),
    );
    expect(page.Items).toHaveLength(5);
    expect(page.LastEvaluatedKey).toEqual({ pk: 'p', sk: '004' });
    const all = await doc.send(
      new QueryCommand({
        TableName: 'iterators',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'p' },
      }),
    );
    expect(all.Items).toHaveLength(60);
    const scan = await doc.send(new ScanCommand({ TableName: 'iterators', Limit: 7 }));
    expect(scan.Items).toHaveLength(7);
    const index = await doc.send(
      new QueryCommand({
        TableName: 'iterators',
        IndexName: 'byG',
        KeyConditionExpression: 'gpk = :g',
        ExpressionAttributeValues: { ':g': 'g' },
        Limit: 3,
      }),
    );
    expect(index.Items).toHaveLength(3);
    const item = await doc.send(new GetCommand({ TableName: 'iterators', Key: { pk: 'p', sk: '010' } }));
    expect(item.Item?.gsk).toBe('10');

    expect(opened.size - before).toBeGreaterThanOrEqual(4);
    expect(await openIterators()).toBe(0);
  });

  it('a burst of 200 paged reads leaves none open either', async () => {
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        doc.send(
          new QueryCommand({
            TableName: 'iterators',
            KeyConditionExpression: 'pk = :p AND sk >= :s',
            ExpressionAttributeValues: { ':p': 'p', ':s': String(i % 60).padStart(3, '0') },
            Limit: 2,
          }),
        ),
      ),
    );
    expect(await openIterators()).toBe(0);
  });
});
