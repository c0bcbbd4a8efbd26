import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '@tapewatch/functions/data/tables';
import { readUnlessWritten } from '@tapewatch/functions/data/write-signal';
import { ensureTables, type LocalDynamo, startDynalite } from './dynamo.ts';

/**
 * The runtime's own client reaches dynalite's thread by message (dynalite-port.ts), other processes
 * over its HTTP port: both must see one database, with the same answers and errors.
 */
let dynamo: LocalDynamo;
let dir: string;
let viaPort: DynamoDBDocumentClient;
let viaHttp: DynamoDBDocumentClient;
const TABLE = tableName('app');

const client = (requestHandler?: LocalDynamo['requestHandler']) =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: dynamo.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
      ...(requestHandler ? { requestHandler } : {}),
    }),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tapewatch-port-'));
  dynamo = await startDynalite(dir);
  await ensureTables(dynamo.endpoint);
  viaPort = client(dynamo.requestHandler);
  viaHttp = client();
});

afterAll(async () => {
  await dynamo.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('dynalite by message from the main thread', () => {
  it('writes and reads what the HTTP port sees, including non-ASCII text', async () => {
    const item = { pk: 'PORT#1', sk: 'A', name: 'Zürich – 東京', n: 3 };
    await viaPort.send(new PutCommand({ TableName: TABLE, Item: item }));
    expect((await viaHttp.send(new GetCommand({ TableName: TABLE, Key: { pk: 'PORT#1', sk: 'A' } }))).Item).toEqual(
      item,
    );
    await viaHttp.send(new PutCommand({ TableName: TABLE, Item: { pk: 'PORT#1', sk: 'B', n: 4 } }));
    const both = await viaPort.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'PORT#1' },
      }),
    );
    expect(both.Items?.map((i) => i.sk)).toEqual(['A', 'B']);
  });

  it('answers a failed condition with the same typed error as over HTTP', async () => {
    const update = new UpdateCommand({
      TableName: TABLE,
      Key: { pk: 'PORT#missing', sk: 'A' },
      UpdateExpression: 'ADD n :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
    });
    await expect(viaPort.send(update)).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    // dynalite has no transactions (DESIGN.md 8): its refusal must come through as the same typed error.
    const unknown = new TransactWriteCommand({
      TransactItems: [{ Put: { TableName: TABLE, Item: { pk: 'PORT#2', sk: 'A' } } }],
    });
    const [byPort, byHttp] = await Promise.all([
      viaPort.send(unknown).catch((e) => e),
      viaHttp.send(unknown).catch((e) => e),
    ]);
    expect(byPort.name).toBe(byHttp.name);
    expect(byPort.$metadata.httpStatusCode).toBe(byHttp.$metadata.httpStatusCode);
  });

  it('moves the write signal for writes by message, not for reads (kept reads stay valid until a write)', async () => {
    let reads = 0;
    const read = () => readUnlessWritten('port-test', async () => ++reads);
    expect(await read()).toBe(1);
    await viaPort.send(new GetCommand({ TableName: TABLE, Key: { pk: 'PORT#1', sk: 'A' } }));
    expect(await read()).toBe(1);
    await viaPort.send(new PutCommand({ TableName: TABLE, Item: { pk: 'PORT#3', sk: 'A' } }));
    expect(await read()).toBe(2);
  });

  it('keeps many requests in flight apart: each gets its own answer', async () => {
    const keys = Array.from({ length: 200 }, (_, i) => `K${i}`);
    await Promise.all(
      keys.map((k) => viaPort.send(new PutCommand({ TableName: TABLE, Item: { pk: 'PORT#many', sk: k, v: k } }))),
    );
    const got = await Promise.all(
      keys.map((k) => viaPort.send(new GetCommand({ TableName: TABLE, Key: { pk: 'PORT#many', sk: k } }))),
    );
    expect(got.map((g) => g.Item?.v)).toEqual(keys);
  });
});
