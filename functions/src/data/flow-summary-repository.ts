import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FlowTrade, OtmTrade } from '@tapewatch/shared/schemas/flow';
import { flowKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/**
 * Per-day, per-ticker totals of the options flow. The Options Flow II screens (cumulative stats,
 * top premiums, ticker metrics, seasonality, dashboard) aggregate over up to 100 days: reading
 * these small summaries instead of ~3,000 trades a day keeps every such request in milliseconds.
 * Premiums are cost_basis sums, so in THOUSANDS of dollars like the trades.
 */
export interface SideTotals {
  premium: number;
  trades: number;
  size: number;
  scoreSum: number;
}

/** [strike, call premium, put premium, call size, put size] */
export type StrikeRow = [number, number, number, number, number];

export interface TickerDaySummary {
  ticker: string;
  calls: SideTotals;
  puts: SideTotals;
  /** Sorted by strike ascending. */
  strikes: StrikeRow[];
  /** Premium per half-hour bucket (domain/flow/day-summary.ts HALF_HOUR_BUCKETS). */
  halfHours: { calls: number[]; puts: number[] };
  /** The underlying price of the day's first and last trade (by time); null when no trade had one. */
  firstPrice: number | null;
  lastPrice: number | null;
  /**
   * The day's largest print of the ticker by premium: its contract (compact OCC symbol) and cost basis.
   * Absent in summaries stored before it existed.
   */
  largest?: LargestPrint;
}

export interface LargestPrint {
  symbol: string;
  cost_basis: number;
}

export interface DaySummary {
  date: string;
  tradeCount: number;
  tickers: Record<string, TickerDaySummary>;
  /** The day's largest trades by cost basis, largest first. */
  largest: FlowTrade[];
  /** The day's LEAPS (DTE >= 365) with the highest open interest, highest first. */
  leaps: FlowTrade[];
  /** The day's most out-of-the-money trades (Most OTM); absent in summaries stored before it existed. */
  mostOtm?: OtmTrade[];
}

/** Tickers per stored part: ~300 B gzipped each keeps a part far below DynamoDB's 400 KB item limit. */
const TICKERS_PER_PART = 400;

/** Stored per-day flow summaries (gzipped JSON parts); written by the ingest, read by Options Flow II. */
export class FlowSummaryRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('flow');
  }

  async put(summary: DaySummary): Promise<void> {
    const names = Object.keys(summary.tickers).sort();
    const parts = Math.max(1, Math.ceil(names.length / TICKERS_PER_PART));
    const writes: Promise<unknown>[] = [];
    for (let part = 0; part < parts; part += 1) {
      const tickers = Object.fromEntries(
        names.slice(part * TICKERS_PER_PART, (part + 1) * TICKERS_PER_PART).map((n) => [n, summary.tickers[n]]),
      );
      // Part 0 carries the day's totals and top trades; the others only their tickers.
      const body = part === 0 ? { ...summary, tickers } : { date: summary.date, tickers };
      writes.push(
        this.db.send(
          new PutCommand({
            TableName: this.table,
            Item: {
              ...flowKeys.daySummary(summary.date, part),
              parts,
              z: gzipSync(JSON.stringify(body), { level: 4 }),
            },
          }),
        ),
      );
    }
    await Promise.all(writes);
  }

  /** Summaries of the days in [from, to], newest first; days without a stored summary are absent. */
  async readRange(from: string, to: string): Promise<DaySummary[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': flowKeys.daySummaryPartition(), ':from': `${from}#`, ':to': `${to}#~` },
      ScanIndexForward: false,
    });
    const byDate = new Map<
      string,
      { summary: DaySummary | null; tickers: DaySummary['tickers']; seen: number; parts: number }
    >();
    for (const it of items) {
      if (!(it.z instanceof Uint8Array)) continue;
      const body = JSON.parse(gunzipSync(it.z).toString('utf8')) as Partial<DaySummary> & {
        date: string;
        tickers: DaySummary['tickers'];
      };
      const entry = byDate.get(body.date) ?? { summary: null, tickers: {}, seen: 0, parts: Number(it.parts ?? 1) };
      Object.assign(entry.tickers, body.tickers);
      if (body.largest) entry.summary = body as DaySummary;
      entry.seen += 1;
      byDate.set(body.date, entry);
    }
    const out: DaySummary[] = [];
    // A day whose parts are not all there (a write in progress) counts as absent: it is recomputed.
    for (const e of byDate.values())
      if (e.summary && e.seen === e.parts) out.push({ ...e.summary, tickers: e.tickers });
    return out.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  }
}
