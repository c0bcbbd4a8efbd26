import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { tableList, tableName, type TableDef } from '@tapewatch/functions/data/tables';
import { registerWriteSignal } from '@tapewatch/functions/data/write-signal';
import dynalite from 'dynalite';
import { patchDynaliteIteratorClose } from './dynalite-iterator-fix.ts';

export interface LocalDynamo {
  endpoint: string;
  close(): Promise<void>;
}

const WRITES =
  /\.(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|CreateTable|DeleteTable|UpdateTable)$/;

/**
 * Every write this process's dynalite takes moves a generation, when the request arrives and again
 * just before its answer leaves (its end() is wrapped): readers in this process skip a read that
 * nothing can have changed (data/write-signal.ts). Writers in other processes (`npm run ingest`,
 * the bench's top-up) go through this server too.
 */
function signalWrites(server: Server): void {
  let generation = 0;
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!WRITES.test(String(req.headers['x-amz-target'] ?? ''))) return;
    generation += 1;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      generation += 1;
      return end(...args);
    }) as typeof res.end;
  });
  registerWriteSignal({ generation: () => generation });
}

/** dynalite on a free loopback port, persisted under `dir` (LevelDB), so data survives restarts. */
export async function startDynalite(dir: string): Promise<LocalDynamo> {
  mkdirSync(dir, { recursive: true });
  patchDynaliteIteratorClose();
  const server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  signalWrites(server);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        registerWriteSignal(null);
        server.close(() => resolve());
      }),
  };
}

export function createTableInput(def: TableDef): CreateTableCommandInput {
  const attrs = new Set<string>([
    def.partitionKey,
    def.sortKey,
    ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ]);
  return {
    TableName: tableName(def.name),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: def.partitionKey, KeyType: 'HASH' },
      { AttributeName: def.sortKey, KeyType: 'RANGE' },
    ],
    ...(def.indexes.length > 0
      ? {
          GlobalSecondaryIndexes: def.indexes.map((i) => ({
            IndexName: i.name,
            KeySchema: [
              { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
              { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
            ],
            Projection: { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
}

/** A client for a dynalite endpoint (any credentials do). */
export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates any missing table from tables.ts (the same definitions CDK deploys). */
export async function ensureTables(endpoint: string): Promise<string[]> {
  const client = localDynamoClient(endpoint);
  const created: string[] = [];
  for (const def of tableList) {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName(def.name) }));
    } catch (err) {
      if ((err as { name?: string }).name !== 'ResourceNotFoundException') throw err;
      await client.send(new CreateTableCommand(createTableInput(def)));
      created.push(tableName(def.name));
    }
  }
  client.destroy();
  return created;
}
