import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marketKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

export interface JobRun {
  job: string;
  runId: string;
  /** The market dates the run covered. */
  from: string;
  to: string;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  endedAt: string | null;
  rowsRead: number;
  rowsWritten: number;
  rowsSkipped: number;
  error: string | null;
}

export interface DatasetStatus {
  dataset: string;
  asOf: string | null;
  updatedAt: string | null;
}

/** The job log (one item per run) and the as-of date of each dataset, in the market table. */
export class JobLogRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async start(job: string, from: string, to: string, now = new Date()): Promise<JobRun> {
    const run: JobRun = {
      job,
      runId: randomUUID().slice(0, 8),
      from,
      to,
      status: 'running',
      startedAt: now.toISOString(),
      endedAt: null,
      rowsRead: 0,
      rowsWritten: 0,
      rowsSkipped: 0,
      error: null,
    };
    await this.save(run);
    return run;
  }

  async save(run: JobRun): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: tableName('market'),
        Item: { ...marketKeys.jobRun(run.job, run.startedAt, run.runId), ...run },
      }),
    );
  }

  async latest(job: string): Promise<JobRun | null> {
    return (await this.recent(job, 1))[0] ?? null;
  }

  /** The job's last `limit` runs, newest first (one query page: keep `limit` small). */
  async recent(job: string, limit: number): Promise<JobRun[]> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: tableName('market'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': marketKeys.jobRunsPartition(job) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((it) => strip<JobRun>(it));
  }

  async setDatasetAsOf(dataset: string, asOf: string): Promise<void> {
    const current = await this.db.send(
      new GetCommand({ TableName: tableName('market'), Key: marketKeys.datasetMarker(dataset) }),
    );
    // Backfilling an older day must not move the dataset's as-of date backwards.
    const prev = current.Item?.asOf as string | undefined;
    await this.db.send(
      new PutCommand({
        TableName: tableName('market'),
        Item: {
          ...current.Item,
          ...marketKeys.datasetMarker(dataset),
          asOf: prev && prev > asOf ? prev : asOf,
          updatedAt: new Date().toISOString(),
        },
      }),
    );
  }

  /** The dataset's as-of date (the marker setDatasetAsOf keeps), null before its first load. */
  async datasetAsOf(dataset: string): Promise<string | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: tableName('market'), Key: marketKeys.datasetMarker(dataset) }),
    );
    return (res.Item?.asOf as string | undefined) ?? null;
  }

  /** The range a demo backfill last completed ({ from: null } for a marker written before ranges were kept). */
  async backfilled(job: string): Promise<{ from: string | null; to: string } | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: tableName('market'), Key: marketKeys.backfillMarker(job) }),
    );
    const to = res.Item?.to as string | undefined;
    return to === undefined ? null : { from: (res.Item?.from as string | undefined) ?? null, to };
  }

  async setBackfilled(job: string, from: string, to: string): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: tableName('market'),
        Item: { ...marketKeys.backfillMarker(job), from, to, updatedAt: new Date().toISOString() },
      }),
    );
  }

  async datasets(): Promise<DatasetStatus[]> {
    const items = await queryAll(this.db, {
      TableName: tableName('market'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': marketKeys.datasetMarkersPartition() },
    });
    return items.map((it) => ({
      dataset: it.sk as string,
      asOf: (it.asOf as string | undefined) ?? null,
      updatedAt: ((it.updatedAt ?? it.loadedAt) as string | undefined) ?? null,
    }));
  }
}

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
}
