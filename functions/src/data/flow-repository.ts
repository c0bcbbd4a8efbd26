import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { batchPutAll } from './batch-write.ts';
import { flowKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** Trades per packed item: a busy name (SPY, ~500 trades a day) at ~450 bytes each stays near 100 KB. */
const TRADES_PER_CHUNK = 250;
/** Live trades expire after 8 days on AWS (the end-of-day ingest has compacted them by then). */
const LIVE_TTL_SECONDS = 8 * 86_400;

export interface DayRead {
  trades: FlowTrade[];
  /** Items read (the scan bound counts trades; this is for logs). */
  items: number;
  /** The greatest live-item sort key read ('L#' when none): where `readLiveAfter` resumes. */
  liveCursor: string;
}

/** A day's write head (keys.ts dayHead); zeros when nothing was written (or the table was cleared). */
export interface DayHead {
  live: number;
  epoch: number;
}

/**
 * The flow table: one partition per trading day. An ingested day is packed as per-ticker chunks
 * (gzipped JSON arrays, far below 400 KB each), so a year of ~3,000 trades a day is ~30,000 items, not 750,000;
 * live trades are single items written as they arrive. GSI1 serves ticker + date ranges.
 */
export class FlowRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('flow');
  }

  /**
   * Writes (overwrites) one ingested day; deterministic keys make a re-run change nothing. Returns
   * the items written and the day's content version (what the day index lists for it).
   */
  async putDay(date: string, trades: readonly FlowTrade[]): Promise<{ items: number; version: string }> {
    const byTicker = new Map<string, FlowTrade[]>();
    for (const t of trades) {
      const list = byTicker.get(t.ticker) ?? [];
      list.push(t);
      byTicker.set(t.ticker, list);
    }
    const items: Record<string, unknown>[] = [];
    // Names the day's content: readers key what they keep by it (a corrected re-ingest may keep the count).
    const version = createHash('sha1');
    for (const [ticker, list] of byTicker) {
      for (let part = 0; part * TRADES_PER_CHUNK < list.length; part += 1) {
        const chunk = list.slice(part * TRADES_PER_CHUNK, (part + 1) * TRADES_PER_CHUNK);
        const text = JSON.stringify(chunk);
        version.update(text);
        items.push({
          ...flowKeys.dayChunk(date, ticker, part),
          gsi1pk: flowKeys.tickerIndex(ticker),
          gsi1sk: flowKeys.tickerIndexSort(date, `C#${String(part).padStart(2, '0')}`),
          n: chunk.length,
          // gzip: ~8x smaller, which is what makes the 60-day backfill cheap (the GSI copies items).
          z: gzipSync(text, { level: 4 }),
        });
      }
    }
    const digest = version.digest('base64url').slice(0, 12);
    const writes: Promise<void>[] = [];
    for (let i = 0; i < items.length; i += 25) writes.push(batchPutAll(this.db, this.table, items.slice(i, i + 25)));
    // A few batches in flight at once: dynalite and DynamoDB both take parallel writers.
    for (let i = 0; i < writes.length; i += 8) await Promise.all(writes.slice(i, i + 8));
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...flowKeys.dayIndex(date),
          date,
          trades: trades.length,
          items: items.length,
          version: digest,
        },
      }),
    );
    await this.bumpHead(date, 'epoch', 1);
    return { items: items.length, version: digest };
  }

  /** Writes live trades one item each (batched 25 to a request). */
  async putLive(trades: readonly FlowTrade[], now = new Date()): Promise<void> {
    const ttl = Math.floor(now.getTime() / 1000) + LIVE_TTL_SECONDS;
    const items = trades.map((t) => ({
      ...flowKeys.liveTrade(t.date, t.time, t.key),
      gsi1pk: flowKeys.tickerIndex(t.ticker),
      gsi1sk: flowKeys.tickerIndexSort(t.date, `L#${t.time}#${t.key}`),
      ttl,
      trade: JSON.stringify(t),
    }));
    await Promise.all(
      Array.from({ length: Math.ceil(items.length / 25) }, (_, i) =>
        batchPutAll(this.db, this.table, items.slice(i * 25, i * 25 + 25)),
      ),
    );
    // After the items: a reader that sees the new count finds the items too.
    const perDay = new Map<string, number>();
    for (const t of trades) perDay.set(t.date, (perDay.get(t.date) ?? 0) + 1);
    await Promise.all([...perDay].map(([date, n]) => this.bumpHead(date, 'live', n)));
  }

  private async bumpHead(date: string, field: 'live' | 'epoch', n: number): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: flowKeys.dayHead(date),
        UpdateExpression: 'ADD #f :n',
        ExpressionAttributeNames: { '#f': field },
        ExpressionAttributeValues: { ':n': n },
      }),
    );
  }

  /** The day's write head, strongly consistent (a write acknowledged before the read is counted). */
  async readHead(date: string): Promise<DayHead> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: flowKeys.dayHead(date), ConsistentRead: true }),
    );
    return { live: Number(res.Item?.live ?? 0), epoch: Number(res.Item?.epoch ?? 0) };
  }

  /** Live trades of a day whose sort key is after `cursor` (a DayRead's liveCursor), and the new cursor. */
  async readLiveAfter(
    date: string,
    cursor: string,
  ): Promise<{ trades: FlowTrade[]; liveCursor: string; items: number }> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk > :c',
      ExpressionAttributeValues: { ':pk': flowKeys.dayPartition(date), ':c': cursor },
    });
    return { trades: tradesOf(items), liveCursor: liveCursorOf(items, cursor), items: items.length };
  }

  /** Every live trade of a day (unexpired), packed since or not. */
  async readLive(date: string): Promise<FlowTrade[]> {
    return (await this.readLiveAfter(date, flowKeys.livePrefix())).trades;
  }

  /** Every trade of a day: packed chunks and live items (unsorted). */
  async readDay(date: string): Promise<DayRead> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': flowKeys.dayPartition(date) },
    });
    return { trades: tradesOf(items), items: items.length, liveCursor: liveCursorOf(items, flowKeys.livePrefix()) };
  }

  /** One ticker's trades of one day through the ticker index. */
  async readTickerDay(ticker: string, date: string): Promise<DayRead> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :d)',
      ExpressionAttributeValues: { ':pk': flowKeys.tickerIndex(ticker), ':d': `${date}#` },
    });
    return { trades: tradesOf(items), items: items.length, liveCursor: liveCursorOf(items, flowKeys.livePrefix()) };
  }

  /**
   * One ticker's trades per day over [from, to] through the ticker index, newest day first, read a
   * page at a time: a caller that stops early (the row cap) reads no further pages. Each day holds
   * what `readTickerDay` gives for it.
   */
  async *readTickerDays(ticker: string, from: string, to: string): AsyncGenerator<{ date: string } & DayRead> {
    let startKey: Record<string, unknown> | undefined;
    let date = '';
    let items: Record<string, unknown>[] = [];
    const day = () => ({
      date,
      trades: tradesOf(items),
      items: items.length,
      liveCursor: liveCursorOf(items, flowKeys.livePrefix()),
    });
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': flowKeys.tickerIndex(ticker),
            ':from': flowKeys.tickerIndexSort(from, ''),
            // Every sort key of `to` starts with "to#" and sorts below "to#\uffff".
            ':to': flowKeys.tickerIndexSort(to, '\uffff'),
          },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const it of page.Items ?? []) {
        const d = String(it.gsi1sk).slice(0, 10);
        if (d !== date && items.length > 0) {
          yield day();
          items = [];
        }
        date = d;
        items.push(it);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    if (items.length > 0) yield day();
  }

  /** The oldest ingested day with trades, or null: where the stored history starts. */
  async firstDay(): Promise<string | null> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': flowKeys.dayIndexPartition() },
    });
    // A few hundred index items (one per day); a day listed with no trades is not history.
    const day = items
      .filter((it) => Number(it.trades ?? 0) > 0)
      .map((it) => it.sk as string)
      .sort()[0];
    return day ?? null;
  }

  /** Ingested days in [from, to], newest first, with their trade counts and content versions. */
  async listDays(from: string, to: string): Promise<Array<{ date: string; trades: number; version: string }>> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': flowKeys.dayIndexPartition(), ':from': from, ':to': to },
      ScanIndexForward: false,
    });
    // Days ingested before versions were stored have none: their count stands for their content.
    return items.map((it) => ({
      date: it.sk as string,
      trades: Number(it.trades ?? 0),
      version: String(it.version ?? ''),
    }));
  }

  /** Deletes the live items of a day (the daily reset); packed chunks stay. Returns how many. */
  async clearLive(date: string): Promise<number> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
      ExpressionAttributeValues: { ':pk': flowKeys.dayPartition(date), ':l': flowKeys.livePrefix() },
      ProjectionExpression: 'pk, sk',
    });
    for (let i = 0; i < items.length; i += 25) {
      const batch = items.slice(i, i + 25).map((it) => ({ DeleteRequest: { Key: { pk: it.pk, sk: it.sk } } }));
      let pending: unknown[] = batch;
      for (let attempt = 0; pending.length > 0 && attempt < 8; attempt++) {
        const res = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.table]: pending as never } }));
        pending = res.UnprocessedItems?.[this.table] ?? [];
        if (pending.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
    await this.bumpHead(date, 'epoch', 1);
    return items.length;
  }
}

function liveCursorOf(items: readonly Record<string, unknown>[], from: string): string {
  let c = from;
  for (const it of items)
    if (typeof it.sk === 'string' && it.sk.startsWith(flowKeys.livePrefix()) && it.sk > c) c = it.sk;
  return c;
}

/** Packed trades first; a live item whose trade the end-of-day ingest already packed is skipped. */
function tradesOf(items: readonly Record<string, unknown>[]): FlowTrade[] {
  const out: FlowTrade[] = [];
  const nowSec = Date.now() / 1000;
  for (const it of items)
    if (it.z instanceof Uint8Array)
      for (const t of JSON.parse(gunzipSync(it.z).toString('utf8')) as FlowTrade[]) out.push(t);
  const packed = new Set(out.map((t) => t.key));
  for (const it of items) {
    // Expired live items count as absent (TTL deletion lags; dynalite has none).
    if (typeof it.trade !== 'string' || (typeof it.ttl === 'number' && it.ttl < nowSec)) continue;
    const t = JSON.parse(it.trade) as FlowTrade;
    if (!packed.has(t.key)) out.push(t);
  }
  return out;
}
