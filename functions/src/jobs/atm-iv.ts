import { SECTOR_ETFS } from '@tapewatch/shared/constants';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { AtmIvProgress } from '../data/atm-iv-progress.ts';
import { DailyRowsRepository } from '../data/daily-rows-repository.ts';
import { DAILY_SERIES, type AtmIvRow } from '../data/daily-series.ts';
import { DirectoryRepository } from '../data/directory-repository.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { LiveChainCache } from '../data/live-chain-cache.ts';
import { addDays } from '../domain/calendar/dates.ts';
import { isTradingDay } from '../domain/calendar/nyse.ts';
import { chainInputFrom } from '../domain/option-chain/chain-input.ts';
import { optionChainView } from '../domain/option-chain/chain-view.ts';
import { atm30FromTermStructure } from '../domain/volatility/atm30.ts';
import { termStructure } from '../domain/volatility/term-structure.ts';
import { clockFor, dataMode } from '../platform/clock.ts';
import { ProviderNotFoundError } from '../providers/http.ts';
import { providerFor } from '../providers/market-provider.ts';
import type { OptionChainReport } from '../providers/option-quote.ts';
import { optionChainSource } from '../providers/select-provider.ts';
import { runLogged, type JobEvent, type JobOptions } from './job-runner.ts';

export const ATM_IV_DATASET = 'atm-iv';

/** Always followed: the index ETFs and the sector SPDRs. */
export const ATM_IV_CORE = ['SPY', 'QQQ', 'IWM', 'DIA', ...SECTOR_ETFS.map((s) => s.ticker)];
/** A ticker whose chain a trader opened stays followed this many days after the last time. */
export const ATM_IV_DEMAND_DAYS = 30;
/**
 * A run starts no chain past this: the job Lambda has 5 minutes, and CBOE's pace (60 a minute) gives
 * about 200 chains a run; the schedule's runs every 10 minutes from 17:00 to 18:50 resume each other.
 */
export const ATM_IV_RUN_BUDGET_MS = 4 * 60_000;
/** This many vendor failures in a row end the run as failed (the vendor is down, not one ticker). */
const MAX_FAILURES_IN_A_ROW = 3;

/**
 * The tickers whose daily ATM IV is stored: the core ETFs, the S&P 500 and NASDAQ-100 members the
 * directory knows, and every ticker traders asked a chain of lately; listed ones only, core first.
 */
export function atmIvUniverse(directory: readonly DirectoryEntry[], asked: readonly string[]): string[] {
  const listed = new Set(directory.filter((e) => e.kind !== 'index').map((e) => e.symbol));
  const members = directory.filter((e) => e.in_sp500 || e.in_nasdaq100).map((e) => e.symbol);
  return [...new Set([...ATM_IV_CORE, ...members, ...[...asked].sort()])].filter((t) => listed.has(t));
}

/** The chain's 30-day ATM IV row, or null when its chain cannot give one (no price, no ATM quotes). */
export function atmIvRowOf(entry: DirectoryEntry, report: OptionChainReport): AtmIvRow | null {
  // Live mode's job: the vendor's chain is quoted as traded.
  const input = chainInputFrom(entry.symbol, entry.kind === 'etf' ? 'etf' : 'stock', report, 'live');
  if (!input) return null;
  const atmIv = atm30FromTermStructure(termStructure(optionChainView(input, 'all')));
  if (atmIv === null) return null;
  return { date: input.asOf.slice(0, 10), atm_iv: Math.round(atmIv * 1e6) / 1e6, underlying_price: input.spot };
}

/**
 * Daily ATM IV (live mode, after the close): each followed ticker's chain is fetched at the vendor's
 * pace and its 30-day ATM IV stored for the day, so IV rank has its history from the first live day
 * (252 sessions make a full year). Idempotent: a ticker done today is skipped, and a day's row is
 * replaced by date. A chain of another day (a holiday, a stale file) is not stored under today. The
 * demo reads its options market's own IV history instead.
 */
export async function runAtmIvJob(_event?: JobEvent, opts: JobOptions = {}) {
  const today = clockFor().today();
  return runLogged(
    'atm-iv',
    today,
    today,
    async (ctx) => {
      const zero = { rowsRead: 0, rowsWritten: 0, rowsSkipped: 0 };
      if (dataMode() === 'demo' && !ctx.provider) {
        ctx.log.info("demo mode: the options market's own IV history is read");
        return zero;
      }
      if (!isTradingDay(today)) {
        ctx.log.info('not a trading day: no ATM IV to store', { today });
        return zero;
      }
      const provider = ctx.provider ?? providerFor(ctx.db, ctx.clock);
      const directory = await new DirectoryRepository(ctx.db).all();
      const entries = new Map(directory.map((e) => [e.symbol, e]));
      const asked = await new LiveChainCache(ctx.db, optionChainSource()).askedSince(
        addDays(today, -ATM_IV_DEMAND_DAYS),
      );
      const progress = new AtmIvProgress(ctx.db);
      const done = await progress.done(today);
      const todo = atmIvUniverse(directory, asked).filter((t) => !done.has(t));
      const repo = new DailyRowsRepository<AtmIvRow>(ctx.db, DAILY_SERIES.atmIv);
      const counts = { ...zero };
      const started = Date.now();
      let failures = 0;
      for (const [i, ticker] of todo.entries()) {
        if (Date.now() - started > ATM_IV_RUN_BUDGET_MS) {
          ctx.log.info('time budget spent: the next run resumes', { left: todo.length - i });
          break;
        }
        ctx.progress(i, todo.length, ticker);
        let report: OptionChainReport | null;
        try {
          report = await provider.optionChain(ticker);
          failures = 0;
        } catch (e) {
          if (!(e instanceof ProviderNotFoundError)) {
            if (++failures >= MAX_FAILURES_IN_A_ROW) throw e;
            ctx.log.warn('option chain not fetched', { ticker, error: e instanceof Error ? e.message : String(e) });
            counts.rowsSkipped++;
            continue;
          }
          report = null;
        }
        counts.rowsRead++;
        const row = report && atmIvRowOf(entries.get(ticker)!, report);
        if (row && row.date === today) counts.rowsWritten += await repo.merge(new Map([[ticker, [row]]]));
        else counts.rowsSkipped++;
        await progress.markDone(today, [ticker]);
      }
      ctx.progress(todo.length, todo.length, 'done');
      if (counts.rowsWritten > 0) await new JobLogRepository(ctx.db).setDatasetAsOf(ATM_IV_DATASET, today);
      return counts;
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runAtmIvJob(event);
export const run = runAtmIvJob;
