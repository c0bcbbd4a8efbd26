import { gunzipSync, gzipSync } from 'node:zlib';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutAll } from './batch-write.ts';
import { marketKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** Items must stay under 400 KB; a whole SPY chain gzips to a few hundred KB. */
const PART_BYTES = 300_000;

export interface CachedChain<T> {
  /** Epoch milliseconds of the vendor fetch. */
  fetchedAt: number;
  /** The vendor's chain, or null: the vendor has no chain for the ticker (not optionable). */
  payload: T | null;
}

/**
 * Live mode's option chains, shared by every container (the market table, like the alert counters
 * are shared in the app table): one ticker's latest fetch, overwritten by the next. Parts of one
 * write share `fetchedAt`; a reader accepts only a complete set of one write, so two containers
 * writing at once, or a write killed half-way, read as a miss (and are fetched again), never as a
 * mixed chain.
 */
export class LiveChainCache<T> {
  /** `source`: the vendor configured (cboe, polygon); another vendor's chain reads as a miss. */
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly source: string,
  ) {}

  async get(ticker: string): Promise<CachedChain<T> | null> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: tableName('market'),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': marketKeys.liveChainPartition(ticker) },
        ConsistentRead: true,
      }),
    );
    const items = res.Items ?? [];
    const first = items.find((it) => it.part === 0);
    if (!first || first.source !== this.source) return null;
    const fetchedAt = first.fetchedAt as number;
    const parts = items.filter((it) => it.fetchedAt === fetchedAt).sort((a, b) => a.part - b.part);
    if (parts.length !== first.parts) return null;
    const zipped = Buffer.concat(parts.map((p) => Buffer.from(p.blob as Uint8Array)));
    return { fetchedAt, payload: JSON.parse(gunzipSync(zipped).toString('utf8')) as T | null };
  }

  /** Stores a fetch and notes the ticker as asked for on `date` (the daily ATM IV job's list). */
  async put(ticker: string, entry: CachedChain<T>, date: string): Promise<void> {
    const zipped = gzipSync(Buffer.from(JSON.stringify(entry.payload)));
    const parts: Buffer[] = [];
    for (let i = 0; i < zipped.length; i += PART_BYTES) parts.push(zipped.subarray(i, i + PART_BYTES));
    const items = parts.map((blob, part) => ({
      ...marketKeys.liveChainPart(ticker, part),
      fetchedAt: entry.fetchedAt,
      source: this.source,
      part,
      parts: parts.length,
      blob,
    }));
    await batchPutAll(this.db, tableName('market'), items);
    if (entry.payload !== null)
      await this.db.send(
        new PutCommand({
          TableName: tableName('market'),
          Item: { ...marketKeys.chainDemand(ticker), lastAsked: date },
        }),
      );
  }

  /** Tickers whose chain was asked for on or after `date`. */
  async askedSince(date: string): Promise<string[]> {
    const items = await queryAll(this.db, {
      TableName: tableName('market'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': marketKeys.chainDemandPartition() },
    });
    return items.filter((it) => (it.lastAsked as string) >= date).map((it) => it.sk as string);
  }
}
