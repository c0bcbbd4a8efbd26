import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DirectoryRepository } from '../data/directory-repository.ts';
import { NetOpeningsRepository } from '../data/net-openings-repository.ts';
import { CarryReader } from '../domain/options-market/oi-carry.ts';
import { TimeSeriesRepository, type DailySeries } from '../data/timeseries-repository.ts';
import type { Clock } from '../platform/clock.ts';
import { createDemoProvider } from './demo/demo-provider.ts';
import type { MarketDataProvider } from './provider.ts';
import { selectProvider, type ProviderDeps } from './select-provider.ts';
import { readSp500MonthlyCsv } from '../data/sp500-ratios-source.ts';
import { DATA_SOURCES } from '@tapewatch/shared/api/data-sources';
import { loadSecretEnv, providerKeySecretSpec } from '../platform/secret-env.ts';

// On AWS a keyed provider's jobs read its key from Secrets Manager at cold start (infra/lib/market-data.ts);
// elsewhere no ARN is set and the environment's keys are used as they are.
await Promise.all(DATA_SOURCES.flatMap((s) => (s.envKey ? [loadSecretEnv(providerKeySecretSpec(s.envKey))] : [])));

/**
 * The configured provider for a job run. In demo mode the generators read the bundled history
 * from the market table (each series once per run: a year of short volume reads 500 series,
 * not 500 x 252).
 */
export function providerFor(
  db: DynamoDBDocumentClient,
  clock: Clock,
  live: Pick<ProviderDeps, 'maxWaitMs'> = {},
): MarketDataProvider {
  const series = new Map<string, Promise<DailySeries>>();
  const repo = new TimeSeriesRepository(db);
  const fromYear = Number(clock.today().slice(0, 4)) - 2;
  let directory: ReturnType<DirectoryRepository['all']> | undefined;
  let carry: CarryReader | undefined;
  const carried = new Map<string, Promise<ReadonlyMap<string, number>>>();
  let carriedDate = '';
  return selectProvider(process.env, {
    ...live,
    demo: () =>
      createDemoProvider({
        directory: () => (directory ??= new DirectoryRepository(db).all()),
        series: (ticker) => {
          let s = series.get(ticker);
          if (!s) series.set(ticker, (s = repo.getSeries(ticker, fromYear)));
          return s;
        },
        today: () => clock.today(),
        sp500MonthlyCsv: () => readSp500MonthlyCsv(db),
        // A copy of the one underlying's carry (the reader moves on when asked for another date), made
        // once per underlying for the latest date asked (a job walking day by day keeps one day's):
        // every contract page and chain of a name asks for today's, and copying SPY's thousands of
        // contracts per request was a contract answer's largest cost.
        netOpenings: (underlying, date) => {
          if (date !== carriedDate) {
            carried.clear();
            carriedDate = date;
          }
          let nets = carried.get(underlying);
          if (!nets) {
            nets = (carry ??= new CarryReader(new NetOpeningsRepository(db)))
              .at(date)
              .then((c) => new Map(c.of(underlying)));
            carried.set(underlying, nets);
            nets.catch(() => carried.delete(underlying));
          }
          return nets;
        },
        netOpeningsBetween: (from, to) => new NetOpeningsRepository(db).readBetween(from, to),
      }),
  });
}
