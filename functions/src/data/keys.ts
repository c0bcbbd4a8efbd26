/**
 * Every key of every table, named by access pattern. No other file builds pk/sk strings.
 */

export interface Key {
  pk: string;
  sk: string;
}

const year = (y: number): string => `Y#${String(y).padStart(4, '0')}`;

export const marketKeys = {
  /** One chunk of a daily series (e.g. `daily` OHLCV) for one ticker and calendar year. */
  seriesChunk: (series: string, ticker: string, y: number): Key => ({
    pk: `TS#${series}#${ticker.toUpperCase()}`,
    sk: year(y),
  }),
  /** All chunks of a series for one ticker: query by pk, sk ascending = chronological. */
  seriesPartition: (series: string, ticker: string): string => `TS#${series}#${ticker.toUpperCase()}`,
  /** Chunks from a given year onwards (sk >= this). */
  seriesFromYear: (y: number): string => year(y),

  /** A precomputed analytics snapshot; the latest is the highest as-of in the partition. */
  snapshot: (name: string, asOf: string, part = 0): Key => ({
    pk: `SNAP#${name}`,
    sk: `ASOF#${asOf}#P#${String(part).padStart(3, '0')}`,
  }),
  snapshotPartition: (name: string): string => `SNAP#${name}`,
  snapshotAsOfPrefix: (asOf: string): string => `ASOF#${asOf}#P#`,

  /** Marks a dataset as completely loaded (written last, so a killed load is redone). */
  datasetMarker: (dataset: string): Key => ({ pk: 'META#DATASET', sk: dataset }),
  datasetMarkersPartition: (): string => 'META#DATASET',
  /** The demo backfill of one job is complete up to the recorded date (local runtime only). */
  backfillMarker: (job: string): Key => ({ pk: 'META#BACKFILL', sk: job }),

  /** One run of a job; the newest run is the highest sort key (ISO start time first). */
  jobRun: (job: string, startedAt: string, runId: string): Key => ({ pk: `JOBRUN#${job}`, sk: `${startedAt}#${runId}` }),
  jobRunsPartition: (job: string): string => `JOBRUN#${job}`,
} as const;

export const appKeys = {
  /** A live websocket connection; listed for fan-out by querying the partition. */
  wsConnection: (connectionId: string): Key => ({ pk: 'WS#CONN', sk: connectionId }),
  wsConnectionsPartition: (): string => 'WS#CONN',
} as const;
