import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import { flowKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** Gzipped bytes per stored part: far below DynamoDB's 400 KB item limit (a demo day is ~1 part). */
const PART_BYTES = 300_000;

/** One stored day: the encoded columns and what they were built from (the day's count and version). */
export interface StoredDayColumns {
  date: string;
  trades: number;
  version: string;
  bytes: Uint8Array;
}

/**
 * Each flow day in columns (opaque bytes here; the domain's columns codec gives them meaning),
 * written by the ingest beside the day's trades and read by the alert backtest. A day is stored
 * with the trade count and content version of the day it was built from: a reader uses it only
 * while they still match the day index, and rebuilds it otherwise.
 */
export class FlowColumnsRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('flow');
  }

  async put(day: StoredDayColumns): Promise<void> {
    const z = gzipSync(day.bytes, { level: 4 });
    const parts = Math.max(1, Math.ceil(z.length / PART_BYTES));
    await Promise.all(
      Array.from({ length: parts }, (_, part) =>
        this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: {
              ...flowKeys.dayColumns(day.date, part),
              date: day.date,
              trades: day.trades,
              version: day.version,
              parts,
              z: z.subarray(part * PART_BYTES, (part + 1) * PART_BYTES),
            },
          }),
        ),
      ),
    );
  }

  /** The stored days in [from, to], by date; a day whose parts are not all of one write is absent. */
  async readRange(from: string, to: string): Promise<Map<string, StoredDayColumns>> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': flowKeys.dayColumnsPartition(), ':from': `${from}#`, ':to': `${to}#~` },
    });
    const byDate = new Map<string, Array<Record<string, unknown>>>();
    for (const it of items) {
      const date = String(it.date);
      byDate.set(date, [...(byDate.get(date) ?? []), it]);
    }
    const out = new Map<string, StoredDayColumns>();
    for (const [date, list] of byDate) {
      // The query returns a day's parts in order. Parts of another write (a write in progress, or
      // an older one left beyond the newer write's count) make the day absent, or are ignored.
      const first = list[0]!;
      const mine = list.slice(0, Number(first.parts));
      const whole =
        mine.length === Number(first.parts) &&
        mine.every(
          (it, i) =>
            it.sk === flowKeys.dayColumns(date, i).sk &&
            it.version === first.version &&
            it.trades === first.trades &&
            it.z instanceof Uint8Array,
        );
      if (!whole) continue;
      const z = Buffer.concat(mine.map((it) => it.z as Uint8Array));
      out.set(date, {
        date,
        trades: Number(first.trades),
        version: String(first.version ?? ''),
        bytes: gunzipSync(z),
      });
    }
    return out;
  }
}
