import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { FlowColumnsRepository } from '../data/flow-columns-repository.ts';
import { FlowRepository } from '../data/flow-repository.ts';
import { encodeColumn, STORED_COLUMNS } from '../domain/alerts/columns-codec.ts';
import { toColumns } from '../domain/alerts/flow-columns.ts';
import { FlowSummaryRepository } from '../data/flow-summary-repository.ts';
import { summarizeDay } from '../domain/flow/day-summary.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { NetOpeningsRepository } from '../data/net-openings-repository.ts';
import { tradeFromRecord } from '../providers/benzinga/trade-from-record.ts';
import { previousTradingDay, tradingDaysBetween } from '../domain/calendar/nyse.ts';
import { withNextDayOi } from '@tapewatch/shared/flow/print-context';
import { clockFor } from '../platform/clock.ts';
import { flowDaySource } from '../providers/flow-feed.ts';
import { rangeOf, runLogged, type JobEvent, type JobOptions } from './job-runner.ts';

export const FLOW_DATASET = 'options-flow';

/** The trading days a run over `from`..`to` ingests: TAPEWATCH_FLOW_MAX_DAYS trims them to the last N (test seeding). */
export function flowIngestDays(from: string, to: string): string[] {
  const maxDays = Number(process.env.TAPEWATCH_FLOW_MAX_DAYS ?? 0);
  return tradingDaysBetween(from, to).slice(maxDays > 0 ? -maxDays : 0);
}

/**
 * Options-flow ingest (after the close; the demo backfill runs it over a year of trading days): each
 * trading day's vendor records are parsed, turned into trades and packed per ticker into the day's
 * partition; in demo mode the day's net openings per contract are stored too (the next days' open
 * interest). Idempotent per day: the same records (and stored earlier days) give the same items.
 * Trades the live feed wrote during the day stay as they are (the packed day is the complete record).
 *
 * Each day's prints also get the next day's open interest change (issue 39 item 2), read from the
 * next day's prints: a day is written once the day after it is read (the run's last day without it),
 * and a run's first day completes the stored day before it (yesterday, for the nightly run).
 */
export async function runFlowIngest(event?: JobEvent, opts: JobOptions = {}) {
  const { from, to } = rangeOf(event, clockFor().today());
  return runLogged(
    'flow-ingest',
    from,
    to,
    async (ctx) => {
      const source = flowDaySource(ctx.db, ctx.provider);
      const repo = new FlowRepository(ctx.db);
      const summaries = new FlowSummaryRepository(ctx.db);
      // Oldest first: in demo mode a day's open interest carries the net openings of the days
      // before it (stored below), so each day must follow the ones it reads. A first-start backfill
      // therefore fills today's flow last (it once ran newest first for that).
      const days = flowIngestDays(from, to);
      const netOpenings = new NetOpeningsRepository(ctx.db);
      const counts = { rowsRead: 0, rowsWritten: 0, rowsSkipped: 0 };
      let last: string | null = null;
      // The day read but not yet written: it waits for the next day's open interest.
      let pending: { date: string; trades: FlowTrade[] } | null = null;
      // The day's summary is written with its trades: its largest print must be the stored one, next
      // day's open interest included (a summary written on reading the day lacked it).
      const write = async (date: string, trades: readonly FlowTrade[]) => {
        const { version } = await repo.putDay(date, trades);
        await putDayColumns(ctx.db, repo, date, trades, version);
        // The per-day totals the Options Flow II views aggregate (see domain/flow/day-summary.ts).
        await summaries.put(summarizeDay(date, trades));
      };
      for (let i = 0; i < days.length; i += 1) {
        const date = days[i]!;
        ctx.progress(i, days.length, date);
        const report = await source(date);
        counts.rowsRead += report.rows.length + report.skipped;
        counts.rowsSkipped += report.skipped;
        if (report.skipped > 0) ctx.log.warn('malformed flow records skipped', { date, skipped: report.skipped });
        if (report.rows.length === 0) continue;
        const trades = report.rows.map(tradeFromRecord);
        const before = previousTradingDay(date);
        if (pending?.date === before) await write(before, withNextDayOi(pending.trades, trades));
        else if (i === 0) await completeStoredDay(ctx.db, repo, before, trades);
        pending = { date, trades };
        if (report.netOpenings) await netOpenings.put(date, report.netOpenings);
        counts.rowsWritten += report.rows.length;
        if (last === null || date > last) last = date;
      }
      if (pending) await write(pending.date, pending.trades);
      ctx.progress(days.length, days.length, 'done');
      if (last) await new JobLogRepository(ctx.db).setDatasetAsOf(FLOW_DATASET, last);
      return counts;
    },
    opts,
  );
}

/**
 * Adds the next day's open interest change to a stored day's packed prints (the day before a run's
 * first day), rewriting it only when that changes it (a re-run finds it done).
 */
async function completeStoredDay(
  db: DynamoDBDocumentClient,
  repo: FlowRepository,
  date: string,
  nextDay: readonly FlowTrade[],
): Promise<void> {
  const live = new Set((await repo.readLive(date)).map((t) => t.key));
  const packed = (await repo.readDay(date)).trades.filter((t) => !live.has(t.key));
  if (packed.length === 0) return;
  const done = withNextDayOi(packed, nextDay);
  if (done.every((t, i) => t === packed[i] || t.next_oi_change === packed[i]!.next_oi_change)) return;
  const { version } = await repo.putDay(date, done);
  await putDayColumns(db, repo, date, done, version);
  await new FlowSummaryRepository(db).put(summarizeDay(date, done));
}

/**
 * The day in columns for the alert backtest (issue 35 item 11), built from what a reader of the
 * day gets: the packed trades and any live trade the packing did not include (readDay's rule).
 */
export async function putDayColumns(
  db: DynamoDBDocumentClient,
  repo: FlowRepository,
  date: string,
  trades: readonly FlowTrade[],
  version: string,
): Promise<void> {
  const packed = new Set(trades.map((t) => t.key));
  const live = (await repo.readLive(date)).filter((t) => !packed.has(t.key));
  const cols = toColumns(date, [...trades, ...live]);
  const columns = new Map(STORED_COLUMNS.map((c) => [c, encodeColumn(cols, c)]));
  await new FlowColumnsRepository(db).put({ date, trades: trades.length, version, columns });
}

export const handler = (event?: JobEvent) => runFlowIngest(event);
export const run = runFlowIngest;
