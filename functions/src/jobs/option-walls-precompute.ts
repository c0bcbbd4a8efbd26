import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CloseBasis } from '@tapewatch/shared/schemas/tickers';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { snapshots } from '../data/snapshot-catalog.ts';
import { OPTION_WALLS, type ChainDay } from '../domain/option-walls/chain.ts';
import { computeOptionWalls } from '../domain/option-walls/option-walls.ts';
import { dayExtremes, mergeMinmax, type DayExtremes, type MinmaxSeries } from '../domain/option-walls/walls.ts';
import type { Logger } from '../lib/log.ts';
import { addDays } from '../domain/calendar/dates.ts';
import { tradingDaysBetween } from '../domain/calendar/nyse.ts';

export const optionWallsSnapshot = (underlying: string) => snapshots.optionWalls(underlying).name;
export const optionMinmaxSnapshot = (underlying: string) => snapshots.optionMinmax(underlying).name;

/**
 * Collects what the Option Walls screen needs while the option-chains ingest stores each day, so
 * no chain has to be read back: the per-day extremes (small) and the newest chain of the run.
 */
export class OptionWallsAccumulator {
  private readonly days: DayExtremes[] = [];
  private latest: ChainDay | null = null;

  constructor(
    readonly underlying: string,
    private readonly priceBasis: CloseBasis,
  ) {}

  add(chain: ChainDay): void {
    this.days.push(dayExtremes(chain));
    if (!this.latest || chain.date >= this.latest.date) this.latest = chain;
  }

  /**
   * Writes the walls snapshot of the run's newest day (as-of that day: an older re-run never
   * hides a newer one) and merges the run's days into the min/max series. On the first run
   * (no series yet) the series is completed from chains stored earlier.
   */
  async finish(db: DynamoDBDocumentClient, chainSnapshot: string, log: Logger): Promise<void> {
    if (!this.latest) return;
    const snapshots = new SnapshotRepository(db);
    await snapshots.put(
      optionWallsSnapshot(this.underlying),
      this.latest.date,
      computeOptionWalls(this.latest, this.priceBasis),
    );
    const previous = await snapshots.latest<MinmaxSeries>(optionMinmaxSnapshot(this.underlying));
    const days = [...this.days];
    if (!previous) days.push(...(await this.storedDays(snapshots, chainSnapshot, new Set(days.map((d) => d.date)))));
    const series = mergeMinmax(this.underlying, previous?.payload ?? null, days, OPTION_WALLS.minmaxDays);
    const asOf = series.dates.at(-1);
    if (asOf) await snapshots.put(optionMinmaxSnapshot(this.underlying), asOf, series);
    log.info('option walls precomputed', {
      underlying: this.underlying,
      asOf: this.latest.date,
      minmaxDays: series.dates.length,
    });
  }

  private async storedDays(
    snapshots: SnapshotRepository,
    chainSnapshot: string,
    have: Set<string>,
  ): Promise<DayExtremes[]> {
    const to = this.latest!.date;
    const out: DayExtremes[] = [];
    for (const date of tradingDaysBetween(addDays(to, -Math.ceil((OPTION_WALLS.minmaxDays * 7) / 5)), to)) {
      if (have.has(date)) continue;
      const snap = await snapshots.get<ChainDay>(chainSnapshot, date);
      if (snap) out.push(dayExtremes(snap.payload));
    }
    return out;
  }
}
