import { JobLogRepository } from '../data/job-log-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { clockFor, dataMode } from '../platform/clock.ts';
import { chainPriceBasis } from '../domain/option-chain/chain-input.ts';
import { tradingDaysBetween } from '../domain/calendar/nyse.ts';
import { toStoredChain } from '../providers/stored-chain.ts';
import { fetchDays } from './ingest-days.ts';
import { rangeOf, runLogged, type JobEvent, type JobOptions } from './job-runner.ts';
import { providerFor } from '../providers/market-provider.ts';
import { OptionWallsAccumulator } from './option-walls-precompute.ts';

export const OPTION_CHAIN_UNDERLYINGS = ['SPY'] as const;
/** Their kinds: the scale of a demo chain's strikes depends on it (chain-input.ts chainPriceBasis). */
const UNDERLYING_KIND: Record<(typeof OPTION_CHAIN_UNDERLYINGS)[number], 'etf' | 'stock'> = { SPY: 'etf' };
export const optionChainSnapshot = (underlying: string) => `option_chain_${underlying}`;
export const optionChainDataset = (underlying: string) => `option-chains-${underlying}`;

/**
 * Option chains ingest (16:35 New York, after the close): each underlying's chain stored as one
 * compressed snapshot per day, the input of the option-walls analytics.
 */
export async function runOptionChainsIngest(event?: JobEvent, opts: JobOptions = {}) {
  const { from, to } = rangeOf(event, clockFor().today());
  return runLogged(
    'optionwalls',
    from,
    to,
    async (ctx) => {
      const provider = ctx.provider ?? providerFor(ctx.db, ctx.clock);
      const snapshots = new SnapshotRepository(ctx.db);
      const jobLog = new JobLogRepository(ctx.db);
      const total = { rowsRead: 0, rowsWritten: 0, rowsSkipped: 0 };
      for (const underlying of OPTION_CHAIN_UNDERLYINGS) {
        const walls = new OptionWallsAccumulator(underlying, chainPriceBasis(UNDERLYING_KIND[underlying], dataMode()));
        // Store each day as it arrives: a chain is ~4,000 contracts, too many to hold 60 days of.
        const { counts } = await fetchDays(ctx, tradingDaysBetween(from, to), async (date) => {
          const report = await provider.optionChain(underlying, date);
          const chain = toStoredChain(underlying, date, report.underlyingPrice, report.rows);
          await snapshots.put(optionChainSnapshot(underlying), date, chain);
          walls.add(chain);
          await jobLog.setDatasetAsOf(optionChainDataset(underlying), date);
          total.rowsWritten++;
          return report;
        });
        total.rowsRead += counts.rowsRead;
        total.rowsSkipped += counts.rowsSkipped;
        // After the day's data is stored: the Option Walls snapshots (walls, GEX, zero gamma, min/max series).
        await walls.finish(ctx.db, optionChainSnapshot(underlying), ctx.log);
      }
      return total;
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runOptionChainsIngest(event);
export const run = runOptionChainsIngest;
