import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutAll } from './batch-write.ts';
import { marketKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';
import { emptySeries, type DailySeries } from './daily-series.ts';

export { emptySeries, totalReturnCloses, type DailySeries } from './daily-series.ts';

/**
 * Series are stored as one item per ticker and calendar year (~252 rows, ~15 kB), as columnar JSON.
 * Reading a ticker's history is one Query; a year is rewritten whole, so a re-run is idempotent.
 */
export class TimeSeriesRepository {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly series = 'daily',
  ) {}

  async putSeries(ticker: string, data: DailySeries): Promise<number> {
    const byYear = splitByYear(data);
    const items = [...byYear].map(([y, chunk]) => ({
      ...marketKeys.seriesChunk(this.series, ticker, y),
      ticker: ticker.toUpperCase(),
      year: y,
      rows: chunk.date.length,
      data: JSON.stringify(chunk),
    }));
    for (let i = 0; i < items.length; i += 25) {
      await batchPutAll(this.db, tableName('market'), items.slice(i, i + 25));
    }
    return items.length;
  }

  /** Full history from `fromYear` (inclusive) to the last stored year. */
  async getSeries(ticker: string, fromYear = 0): Promise<DailySeries> {
    const out = emptySeries();
    const items = await queryAll(this.db, {
      TableName: tableName('market'),
      KeyConditionExpression: 'pk = :pk AND sk >= :from',
      ExpressionAttributeValues: {
        ':pk': marketKeys.seriesPartition(this.series, ticker),
        ':from': marketKeys.seriesFromYear(fromYear),
      },
    });
    for (const item of items) appendChunk(out, JSON.parse(item.data as string) as DailySeries);
    return out;
  }
}

export function splitByYear(data: DailySeries): Map<number, DailySeries> {
  const out = new Map<number, DailySeries>();
  data.date.forEach((d, i) => {
    const y = Number(d.slice(0, 4));
    let chunk = out.get(y);
    if (!chunk) {
      chunk = { ...emptySeries(), volume: data.volume ? [] : null, adjClose: data.adjClose ? [] : null };
      out.set(y, chunk);
    }
    chunk.date.push(d);
    chunk.open.push(data.open[i]!);
    chunk.high.push(data.high[i]!);
    chunk.low.push(data.low[i]!);
    chunk.close.push(data.close[i]!);
    if (data.volume && chunk.volume) chunk.volume.push(data.volume[i]!);
    if (data.adjClose && chunk.adjClose) chunk.adjClose.push(data.adjClose[i]!);
  });
  return out;
}

function appendChunk(out: DailySeries, chunk: DailySeries): void {
  out.date.push(...chunk.date);
  out.open.push(...chunk.open);
  out.high.push(...chunk.high);
  out.low.push(...chunk.low);
  out.close.push(...chunk.close);
  if (chunk.volume && out.volume) out.volume.push(...chunk.volume);
  else out.volume = null;
  if (chunk.adjClose && out.adjClose) out.adjClose.push(...chunk.adjClose);
  else out.adjClose = null;
}
