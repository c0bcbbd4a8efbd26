import { MessageChannel, Worker } from 'node:worker_threads';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { tableList, tableName, type TableDef } from '@tapewatch/functions/data/tables';
import { registerWriteSignal } from '@tapewatch/functions/data/write-signal';
import { DynalitePortHandler } from './dynalite-port.ts';
import { WriteCounters } from './write-counters.ts';

export interface LocalDynamo {
  endpoint: string;
  /** For this process's own client: requests go to the thread as messages, not over loopback HTTP. */
  requestHandler: DynalitePortHandler;
  close(): Promise<void>;
}

/**
 * dynalite on a free loopback port, persisted under `dir` (LevelDB), so data survives restarts. It
 * runs on its own worker thread (dynalite-worker.ts, booted like the backfill workers): a request's
 * SDK work and handler stay on the main thread while dynalite parses, evaluates and stores on the
 * other core. Each write moves counts in shared memory (write-counters.ts: the store's, its
 * table's, its items'), read synchronously here by data/write-signal.ts (a value read while its
 * count stood still is as fresh as a new read).
 */
export async function startDynalite(dir: string): Promise<LocalDynamo> {
  const generation = new SharedArrayBuffer(WriteCounters.bytes);
  const requests = new MessageChannel();
  const worker = new Worker(new URL('./job-worker-boot.mjs', import.meta.url), {
    workerData: {
      entry: new URL('./dynalite-worker.ts', import.meta.url).href,
      dir,
      generation,
      requests: requests.port2,
    },
    transferList: [requests.port2],
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port?: number; error?: string }) =>
      m.port ? resolve(m.port) : reject(new Error(`dynalite did not start: ${m.error}`)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`dynalite worker exited (${code}) before starting`)));
  });
  let closing = false;
  // Once closing, requests still arriving (a backfill cut short by Ctrl+C) meet a closed store and
  // their "Database is closed" may end the thread: that is the stop that was asked for, not a failure.
  worker.on('error', (err) => {
    if (!closing) console.error(`dynalite worker failed: ${err.message}`);
  });
  registerWriteSignal(new WriteCounters(generation));
  const requestHandler = new DynalitePortHandler(requests.port1);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requestHandler,
    close: async () => {
      closing = true;
      registerWriteSignal(null);
      // Answer what is in flight and close the server, then end the thread (LevelDB writes are durable once acknowledged).
      const closed = new Promise<void>((resolve) => {
        worker.once('message', () => resolve());
        worker.once('exit', () => resolve());
      });
      worker.postMessage('close');
      await Promise.race([closed, new Promise((r) => setTimeout(r, 5000).unref())]);
      await worker.terminate();
      requestHandler.stop();
    },
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
