import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import { marketKeys } from '@tapewatch/functions/data/keys';
import { tableName } from '@tapewatch/functions/data/tables';
import { TimeSeriesRepository, type DailySeries } from '@tapewatch/functions/data/timeseries-repository';
import { BUNDLE_DIR, BUNDLE_FILE } from './bundle-format.ts';
import { buildDirectory, CLASS_SHARES, readStocks, stockCount } from './universe.ts';
import { storeSp500MonthlyCsv } from '@tapewatch/functions/data/sp500-ratios-source';

export const DEMO_DATASET = 'demo-daily';
/** Tickers written in parallel: enough to overlap DynamoDB round trips without flooding dynalite. */
const PARALLEL = 4;

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

/** Parses the committed ETF/VIX bundle into per-ticker columnar series. */
export function readBundle(file = join(BUNDLE_DIR, BUNDLE_FILE)): { series: Map<string, DailySeries> } {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  const series = new Map<string, DailySeries>();
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    const [ticker, date, o, h, l, c, v] = line.split(',') as [string, string, string, string, string, string, string];
    let s = series.get(ticker);
    if (!s) {
      s = { date: [], open: [], high: [], low: [], close: [], volume: v === '' ? null : [], adjClose: null };
      series.set(ticker, s);
    }
    s.date.push(date);
    s.open.push(Number(o));
    s.high.push(Number(h));
    s.low.push(Number(l));
    s.close.push(Number(c));
    s.volume?.push(Number(v));
  }
  return { series };
}

/** A version for the whole bundle: any changed file (or hand-kept class share count) means a reload. */
export function bundleVersion(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(BUNDLE_DIR)
    .filter((n) => n.endsWith('.gz'))
    .sort())
    hash.update(name).update(readFileSync(join(BUNDLE_DIR, name)));
  hash.update(JSON.stringify(CLASS_SHARES));
  return hash.digest('hex').slice(0, 16);
}

async function inParallel<T>(items: Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for (const item of items) {
    const p = work(item).finally(() => running.delete(p));
    running.add(p);
    if (running.size >= limit) await Promise.race(running);
  }
  await Promise.all(running);
}

/**
 * Loads the demo bundle into the market table: ETF/VIX history since 2004, the S&P 500 and
 * NASDAQ-100 stocks since 2014, and the ticker directory. The dataset marker is written last
 * and records the bundle version, so a load killed half-way is redone on the next start, and a
 * re-run with the same bundle changes nothing (every write is a whole-chunk overwrite).
 */
export async function loadDemoData(
  db: DynamoDBDocumentClient,
  opts: { force?: boolean; onProgress?: (p: LoadProgress) => void } = {},
): Promise<LoadResult> {
  const version = bundleVersion();
  // Outside the version check: a runtime loaded before this file joined the bundle gets it too.
  await loadSp500Monthly(db);
  const marker = await db.send(
    new GetCommand({ TableName: tableName('market'), Key: marketKeys.datasetMarker(DEMO_DATASET) }),
  );
  if (!opts.force && marker.Item?.version === version) {
    return { loaded: false, tickers: marker.Item.tickers as number, chunks: marker.Item.chunks as number, version };
  }
  const { series: etfs } = readBundle();
  const total = etfs.size + stockCount();
  const repo = new TimeSeriesRepository(db);
  let done = 0;
  let chunks = 0;
  const put = async ({ ticker, series }: { ticker: string; series: DailySeries }) => {
    // Awaited first: `chunks += await ...` reads `chunks` before the await and loses the other tickers' counts.
    const written = await repo.putSeries(ticker, series);
    chunks += written;
    opts.onProgress?.({ done: ++done, total, label: ticker });
  };
  opts.onProgress?.({ done, total, label: 'starting' });
  await inParallel(
    [...etfs].map(([ticker, series]) => ({ ticker, series })),
    PARALLEL,
    put,
  );
  await inParallel(readStocks(), PARALLEL, put);
  await new DirectoryRepository(db).put(DEMO_AS_OF, buildDirectory([...etfs.keys()]));
  await db.send(
    new PutCommand({
      TableName: tableName('market'),
      Item: {
        ...marketKeys.datasetMarker(DEMO_DATASET),
        version,
        chunks,
        tickers: total,
        asOf: DEMO_AS_OF,
        updatedAt: new Date().toISOString(),
      },
    }),
  );
  return { loaded: true, tickers: total, chunks, version };
}

export const SP500_MONTHLY_FILE = 'shiller-sp500-monthly.csv.gz';

/** Robert Shiller's monthly S&P 500 data, stored raw for the demo provider (one ~40 KB item). */
export async function loadSp500Monthly(db: DynamoDBDocumentClient): Promise<void> {
  const csv = gunzipSync(readFileSync(join(BUNDLE_DIR, SP500_MONTHLY_FILE))).toString('utf8');
  const lastDate = csv.trimEnd().split('\n').at(-1)!.slice(0, 10);
  await storeSp500MonthlyCsv(db, csv, lastDate);
}
