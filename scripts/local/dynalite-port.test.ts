import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
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

  it('names the items of every write by message (dynalite has no transactions: write-counters.test.ts); a write over HTTP could be anything', async () => {
    const MARKET = tableName('market');
    let reads = 0;
    const profile = { table: TABLE, item: { pk: 'USER#p', sk: 'PROFILE' } };
    const readProfile = () => readUnlessWritten('port-profile', async () => ++reads, profile);
    const readMarket = () => readUnlessWritten('port-market', async () => ++reads, { table: MARKET });
    const kept = async () => [await readProfile(), await readMarket()];
    const first = await kept();
    // Other items of the app table, by every write operation: the profile read and the market read stand.
    await viaPort.send(new PutCommand({ TableName: TABLE, Item: { pk: 'USER#q', sk: 'PROFILE' } }));
    await viaPort.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { pk: 'APIKEY#h', sk: 'KEY' },
        UpdateExpression: 'ADD mn :n',
        ExpressionAttributeValues: { ':n': 1 },
      }),
    );
    await viaPort.send(new DeleteCommand({ TableName: TABLE, Key: { pk: 'USER#q', sk: 'PROFILE' } }));
    await viaPort.send(
      new BatchWriteCommand({ RequestItems: { [TABLE]: [{ PutRequest: { Item: { pk: 'USER#r', sk: 'X' } } }] } }),
    );
    expect(await kept()).toEqual(first);
    // The profile itself, in a batch or a transaction with other items: read again.
    await viaPort.send(
      new BatchWriteCommand({
        RequestItems: {
          [TABLE]: [{ PutRequest: { Item: { pk: 'USER#r', sk: 'Y' } } }, { DeleteRequest: { Key: profile.item } }],
        },
      }),
    );
    const afterBatch = await kept();
    expect(afterBatch).toEqual([reads, first[1]]);
    await viaPort.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: profile.item,
        UpdateExpression: 'SET n = :n',
        ExpressionAttributeValues: { ':n': 1 },
      }),
    );
    expect((await kept())[0]).toBeGreaterThan(afterBatch[0]!);
    // A write to the market table moves its table count only.
    const beforeMarket = await kept();
    await viaPort.send(new PutCommand({ TableName: MARKET, Item: { pk: 'M#1', sk: 'A' } }));
    const afterMarket = await kept();
    expect(afterMarket[0]).toBe(beforeMarket[0]);
    expect(afterMarket[1]).toBeGreaterThan(beforeMarket[1]!);
    // Over HTTP (another process or thread) the body is not read: every kept read goes.
    await viaHttp.send(new PutCommand({ TableName: TABLE, Item: { pk: 'OTHER#1', sk: 'A' } }));
    const afterHttp = await kept();
    expect(afterHttp[0]).toBeGreaterThan(afterMarket[0]!);
    expect(afterHttp[1]).toBeGreaterThan(afterMarket[1]!);
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
