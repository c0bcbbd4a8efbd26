import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutAll } from './batch-write.ts';
import { flowKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** Contracts per stored part (~30 B each in JSON, a tenth of that gzipped): far below the 400 KB item limit. */
const ENTRIES_PER_PART = 5000;

/**
 * The demo's net openings per contract and trading day (opening minus closing volume of the day's
 * prints, domain/options-market/open-interest.ts), written by the flow ingest, read by the next
 * days' chains and flow. Gzipped JSON [symbol, net] pairs, one item per day (parts when large).
 */
export class NetOpeningsRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('flow');
  }

  async put(date: string, nets: ReadonlyMap<string, number>): Promise<void> {
    const entries = [...nets].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    const parts = Math.max(1, Math.ceil(entries.length / ENTRIES_PER_PART));
    // Every part names the day's content: a reader takes a day only when all its parts agree (a
    // re-ingest killed between parts leaves no mix of old and new).
    const version = createHash('sha1').update(JSON.stringify(entries)).digest('base64url').slice(0, 12);
    const items = Array.from({ length: parts }, (_, part) => ({
      ...flowKeys.netOpenings(date, part),
      parts,
      v: version,
      z: gzipSync(JSON.stringify(entries.slice(part * ENTRIES_PER_PART, (part + 1) * ENTRIES_PER_PART)), { level: 4 }),
    }));
    for (let i = 0; i < items.length; i += 25) await batchPutAll(this.db, this.table, items.slice(i, i + 25));
  }

  /** Net openings of the stored days in [from, to) (from the first stored day without `from`), oldest first. */
  async readBetween(from: string | null, to: string): Promise<Array<{ date: string; nets: Array<[string, number]> }>> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: from === null ? 'pk = :pk AND sk < :to' : 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': flowKeys.netOpeningsPartition(),
        ':to': `${to}#`,
        ...(from === null ? {} : { ':from': `${from}#` }),
      },
    });
    const byDate = new Map<string, Array<Record<string, unknown>>>();
    for (const it of items) {
      const date = String(it.sk).slice(0, 10);
      byDate.set(date, [...(byDate.get(date) ?? []), it]);
    }
    const out: Array<{ date: string; nets: Array<[string, number]> }> = [];
    for (const [date, parts] of byDate) {
      const head = parts[0]!;
      const whole = parts.length === Number(head.parts) && parts.every((p) => p.v === head.v);
      if (!whole) continue;
      const nets = parts.flatMap(
        (p) => JSON.parse(gunzipSync(p.z as Uint8Array).toString('utf8')) as [string, number][],
      );
      out.push({ date, nets });
    }
    return out.sort((a, b) => (a.date < b.date ? -1 : 1));
  }
}
