import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marketKeys } from '@tapewatch/functions/data/keys';
import { tableName } from '@tapewatch/functions/data/tables';
import { TimeSeriesRepository, type DailySeries } from '@tapewatch/functions/data/timeseries-repository';
import { BUNDLE_DIR, BUNDLE_FILE } from './bundle-format.ts';

export const DEMO_DATASET = 'demo-daily';

export interface LoadProgress {
  done: number;
  total: number;
  label: string;
}

export interface LoadResult {
  loaded: boolean;
  tickers: number;
  chunks: number;
  version: string;
}

/** Parses the committed bundle into per-ticker columnar series. */
export function readBundle(file = join(BUNDLE_DIR, BUNDLE_FILE)): { version: string; series: Map<string, DailySeries> } {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  const version = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const series = new Map<string, DailySeries>();
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    const [ticker, date, o, h, l, c, v] = line.split(',') as [string, string, string, string, string, string, string];
    let s = series.get(ticker);
    if (!s) {
      s = { date: [], open: [], high: [], low: [], close: [], volume: v === '' ? null : [] };
      series.set(ticker, s);
    }
    s.date.push(date);
    s.open.push(Number(o));
    s.high.push(Number(h));
    s.low.push(Number(l));
    s.close.push(Number(c));
    s.volume?.push(Number(v));
  }
  return { version, series };
}

/**
 * Loads the demo bundle into the market table. The dataset marker is written last and records the
 * bundle version, so a load killed half-way is simply redone on the next start, and a re-run with
 * the same bundle changes nothing (every write is a whole-chunk overwrite).
 */
export async function loadDemoData(
  db: DynamoDBDocumentClient,
  opts: { force?: boolean; onProgress?: (p: LoadProgress) => void } = {},
): Promise<LoadResult> {
  const { version, series } = readBundle();
  const marker = await db.send(new GetCommand({ TableName: tableName('market'), Key: marketKeys.datasetMarker(DEMO_DATASET) }));
  if (!opts.force && marker.Item?.version === version) {
    return { loaded: false, tickers: series.size, chunks: marker.Item.chunks as number, version };
  }
  const repo = new TimeSeriesRepository(db);
  let done = 0;
  let chunks = 0;
  for (const [ticker, s] of series) {
    opts.onProgress?.({ done, total: series.size, label: ticker });
    chunks += await repo.putSeries(ticker, s);
    done++;
  }
  opts.onProgress?.({ done, total: series.size, label: 'done' });
  await db.send(
    new PutCommand({
      TableName: tableName('market'),
      Item: { ...marketKeys.datasetMarker(DEMO_DATASET), version, chunks, tickers: [...series.keys()], loadedAt: new Date().toISOString() },
    }),
  );
  return { loaded: true, tickers: series.size, chunks, version };
}

export async function demoDatasetVersion(db: DynamoDBDocumentClient): Promise<string | null> {
  const marker = await db.send(new GetCommand({ TableName: tableName('market'), Key: marketKeys.datasetMarker(DEMO_DATASET) }));
  return (marker.Item?.version as string | undefined) ?? null;
}
