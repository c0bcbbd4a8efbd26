import { gunzipSync, gzipSync } from 'node:zlib';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marketKeys } from './keys.ts';
import type { SnapshotDef } from './snapshot-catalog.ts';
import { tableName } from './tables.ts';

/** Items must stay under 400 KB; parts of 300 KB leave room for keys and attributes. */
const PART_BYTES = 300_000;

export interface Snapshot<T> {
  name: string;
  asOf: string;
  computedAt: string;
  payload: T;
}

/**
 * Precomputed analytics keyed by name and as-of date, stored gzipped and split into parts when
 * large. Parts carry the part count, and the reader only accepts a complete set, so a job killed
 * mid-write never serves half a snapshot.
 */
export class SnapshotRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async put<T>(name: string, asOf: string, payload: T): Promise<void> {
    const computedAt = new Date().toISOString();
    const zipped = gzipSync(Buffer.from(JSON.stringify(payload)));
    const parts: Buffer[] = [];
    for (let i = 0; i < zipped.length; i += PART_BYTES) parts.push(zipped.subarray(i, i + PART_BYTES));
    const items = parts.map((blob, part) => ({
      ...marketKeys.snapshot(name, asOf, part),
      name,
      asOf,
      computedAt,
      part,
      parts: parts.length,
      blob,
    }));
    for (let i = 0; i < items.length; i += 25) {
      await this.db.send(
        new BatchWriteCommand({
          RequestItems: { [tableName('market')]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }
  }

  /** The newest complete snapshot of a catalog entry, typed by it; null when none has been computed yet. */
  latestOf<T>(def: SnapshotDef<T>): Promise<Snapshot<T> | null> {
    return this.latest<T>(def.name);
  }

  /** The newest complete snapshot, or null when none has been computed yet. */
  async latest<T>(name: string): Promise<Snapshot<T> | null> {
    const head = await this.db.send(
      new QueryCommand({
        TableName: tableName('market'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': marketKeys.snapshotPartition(name) },
        ScanIndexForward: false,
        Limit: 1,
        ProjectionExpression: 'asOf',
      }),
    );
    const asOf = head.Items?.[0]?.asOf as string | undefined;
    return asOf ? this.get<T>(name, asOf) : null;
  }

  async get<T>(name: string, asOf: string): Promise<Snapshot<T> | null> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: tableName('market'),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': marketKeys.snapshotPartition(name),
          ':prefix': marketKeys.snapshotAsOfPrefix(asOf),
        },
      }),
    );
    const items = res.Items ?? [];
    const first = items[0];
    if (!first) return null;
    // Parts of one write share computedAt; a mix means a rewrite is in progress or was killed.
    const computedAt = first.computedAt as string;
    const parts = items.filter((it) => it.computedAt === computedAt).sort((a, b) => a.part - b.part);
    if (parts.length !== first.parts) return null;
    const zipped = Buffer.concat(parts.map((p) => Buffer.from(p.blob as Uint8Array)));
    return { name, asOf, computedAt, payload: JSON.parse(gunzipSync(zipped).toString('utf8')) as T };
  }
}
