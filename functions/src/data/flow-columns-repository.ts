import { type AttributeValue, QueryCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import { batchPutAll } from './batch-write.ts';
import { flowKeys } from './keys.ts';
import { tableName } from './tables.ts';

/** Gzipped bytes per stored part: far below DynamoDB's 400 KB item limit (a demo column is one part). */
const PART_BYTES = 300_000;
/** Single-day reads in flight at once (a backtest's sampled days). */
const PARALLEL_READS = 16;

/** One stored column of a day and what it was built from (the day's count and version). */
export interface StoredDayColumn {
  date: string;
  trades: number;
  version: string;
  bytes: Uint8Array;
}

/**
 * Each flow day in columns, one item per column (opaque bytes here; the domain's columns codec gives
 * them meaning), written by the ingest beside the day's trades and read by the alert backtest. A
 * column is stored with the trade count and content version of the day it was built from: a reader
 * uses it only while they still match the day index, and rebuilds the day otherwise.
 */
export class FlowColumnsRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('flow');
  }

  async put(day: { date: string; trades: number; version: string; columns: ReadonlyMap<string, Uint8Array> }) {
    const items: Array<Record<string, unknown>> = [];
    for (const [column, bytes] of day.columns) {
      const z = gzipSync(bytes, { level: 4 });
      const parts = Math.max(1, Math.ceil(z.length / PART_BYTES));
      for (let part = 0; part < parts; part += 1)
        items.push({
          ...flowKeys.dayColumn(column, day.date, part),
          date: day.date,
          trades: day.trades,
          version: day.version,
          parts,
          z: z.subarray(part * PART_BYTES, (part + 1) * PART_BYTES),
        });
    }
    for (let i = 0; i < items.length; i += 25) await batchPutAll(this.db, this.table, items.slice(i, i + 25));
  }

  /** One column of the stored days in [from, to], by date; a day whose parts are not all of one write is absent. */
  async readRange(column: string, from: string, to: string): Promise<Map<string, StoredDayColumn>> {
    const items = await this.queryParts(column, from, to);
    const byDate = new Map<string, Array<Record<string, unknown>>>();
    for (const it of items) {
      const date = String(it.date);
      const list = byDate.get(date);
      if (list) list.push(it);
      else byDate.set(date, [it]);
    }
    const out = new Map<string, StoredDayColumn>();
    for (const [date, list] of byDate) {
      const whole = wholeDay(column, date, list);
      if (whole) out.set(date, whole);
    }
    return out;
  }

  /**
   * The parts' attributes, read with the low-level client: a year of a column is megabytes of
   * binary parts, and the document client's unmarshalling of every item into fresh objects was a
   * good part of a cold backtest's CPU (issue 35 item 11); the parts' bytes are used as received.
   */
  private async queryParts(column: string, from: string, to: string): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    let startKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ProjectionExpression: 'sk, #date, trades, version, parts, z',
          ExpressionAttributeNames: { '#date': 'date' },
          ExpressionAttributeValues: {
            ':pk': { S: flowKeys.dayColumnPartition(column) },
            ':from': { S: `${from}#` },
            ':to': { S: `${to}#~` },
          },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const it of page.Items ?? [])
        items.push({
          sk: it.sk?.S,
          date: it.date?.S,
          trades: it.trades?.N === undefined ? undefined : Number(it.trades.N),
          version: it.version?.S,
          parts: it.parts?.N === undefined ? undefined : Number(it.parts.N),
          z: it.z?.B,
        });
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /** One column of the given days (a few sampled days: one small query each). */
  async readDates(column: string, dates: readonly string[]): Promise<Map<string, StoredDayColumn>> {
    const out = new Map<string, StoredDayColumn>();
    for (let i = 0; i < dates.length; i += PARALLEL_READS) {
      const read = await Promise.all(dates.slice(i, i + PARALLEL_READS).map((d) => this.readRange(column, d, d)));
      for (const m of read) for (const [date, c] of m) out.set(date, c);
    }
    return out;
  }
}

/**
 * The query returns a day's parts in order. Parts of another write (a write in progress, or an older
 * one left beyond the newer write's count) make the day absent, or are ignored.
 */
function wholeDay(column: string, date: string, list: Array<Record<string, unknown>>): StoredDayColumn | null {
  const first = list[0]!;
  const mine = list.slice(0, Number(first.parts));
  const whole =
    mine.length === Number(first.parts) &&
    mine.every(
      (it, i) =>
        it.sk === flowKeys.dayColumn(column, date, i).sk &&
        it.version === first.version &&
        it.trades === first.trades &&
        it.z instanceof Uint8Array,
    );
  if (!whole) return null;
  return {
    date,
    trades: Number(first.trades),
    version: String(first.version ?? ''),
    bytes: gunzipSync(
      mine.length === 1 ? (mine[0]!.z as Uint8Array) : Buffer.concat(mine.map((it) => it.z as Uint8Array)),
    ),
  };
}
