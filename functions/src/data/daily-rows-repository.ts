import { BatchGetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutAll } from './batch-write.ts';
import { marketKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

export interface DatedRow {
  date: string;
}

/**
 * Per-ticker daily records (e.g. FINRA short volume) in one item per ticker and year, like the
 * price series. Writes merge by date into the existing year, so re-ingesting a day replaces
 * exactly that day's row and the stored content is identical after a re-run.
 */
export class DailyRowsRepository<R extends DatedRow> {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly series: string,
  ) {}

  /** Merges rows (any tickers, any dates) into their chunks. Returns the number of items written. */
  async merge(rowsByTicker: ReadonlyMap<string, readonly R[]>): Promise<number> {
    const wanted = new Map<string, { ticker: string; year: number; rows: R[] }>();
    for (const [ticker, rows] of rowsByTicker) {
      for (const row of rows) {
        const year = Number(row.date.slice(0, 4));
        const k = `${ticker}#${year}`;
        const slot = wanted.get(k) ?? { ticker, year, rows: [] };
        slot.rows.push(row);
        wanted.set(k, slot);
      }
    }
    const slots = [...wanted.values()];
    let written = 0;
    for (let i = 0; i < slots.length; i += 25) {
      const batch = slots.slice(i, i + 25);
      const existing = await this.getChunks(batch.map((s) => marketKeys.seriesChunk(this.series, s.ticker, s.year)));
      const items = batch.map((s) => {
        const key = marketKeys.seriesChunk(this.series, s.ticker, s.year);
        const byDate = new Map<string, R>((existing.get(`${key.pk}|${key.sk}`) ?? []).map((r) => [r.date, r]));
        for (const r of s.rows) byDate.set(r.date, r);
        const rows = [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
        return { ...key, ticker: s.ticker, year: s.year, rows: rows.length, data: JSON.stringify(rows) };
      });
      await batchPutAll(this.db, tableName('market'), items);
      written += items.length;
    }
    return written;
  }

  async get(ticker: string, fromYear = 0): Promise<R[]> {
    const items = await queryAll(this.db, {
      TableName: tableName('market'),
      KeyConditionExpression: 'pk = :pk AND sk >= :from',
      ExpressionAttributeValues: {
        ':pk': marketKeys.seriesPartition(this.series, ticker),
        ':from': marketKeys.seriesFromYear(fromYear),
      },
    });
    return items.flatMap((it) => JSON.parse(it.data as string) as R[]);
  }

  private async getChunks(keys: Array<{ pk: string; sk: string }>): Promise<Map<string, R[]>> {
    const out = new Map<string, R[]>();
    let pending: Record<string, unknown>[] = keys;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB kept returning unprocessed keys');
      const res = await this.db.send(
        new BatchGetCommand({ RequestItems: { [tableName('market')]: { Keys: pending } } }),
      );
      for (const it of res.Responses?.[tableName('market')] ?? [])
        out.set(`${it.pk}|${it.sk}`, JSON.parse(it.data as string) as R[]);
      pending = (res.UnprocessedKeys?.[tableName('market')]?.Keys ?? []) as Record<string, unknown>[];
      if (pending.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
    return out;
  }
}
