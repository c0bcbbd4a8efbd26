import type { ClustersTable } from '@tapewatch/shared/schemas/clusters';
import type { DarkPoolIndividual, DarkPoolRow } from '@tapewatch/shared/schemas/dark-pools';
import type { OptionMinmax, OptionWalls } from '@tapewatch/shared/schemas/option-walls';
import type { McHeatmapData, SectorRotationData } from '@tapewatch/shared/schemas/sector-rotation';
import type { SectorPerformance } from '@tapewatch/shared/schemas/sectors';
import type { ShortInterestRow } from '@tapewatch/shared/schemas/short-interest';
import type { SignalsData } from '@tapewatch/shared/schemas/signals';
import type { Sp500Dataset, Sp500RatiosResponse } from '@tapewatch/shared/schemas/sp500';
import type { SpyToVix } from '@tapewatch/shared/schemas/spy-to-vix';

/**
 * A precomputed analytics snapshot: the name it is stored under, the payload a reader gets, and
 * what a reader answers (503) before the first computation. `payload` is never set: it only carries
 * the type, so a job writing and a handler reading the same entry agree on it.
 */
export interface SnapshotDef<T> {
  readonly name: string;
  readonly notReady: string;
  readonly payload?: T;
}

const snapshot = <T>(name: string, notReady: string): SnapshotDef<T> => ({ name, notReady });
const later = (what: string) => `${what}. Please try again in a minute.`;

/**
 * Every snapshot a handler reads, once. Jobs write and handlers read through these entries, so a
 * handler needs no job module for a name or a payload type. Payload types are wire types from
 * shared (data sits below the domain), written out where a job's own type has no shared name.
 */
export const snapshots = {
  clustersTable: snapshot<ClustersTable>('clusters_table', later('The clusters table is being computed')),
  darkPoolTable: snapshot<{ as_of: string; rows: DarkPoolRow[] }>(
    'dark_pool_table',
    later('Dark pool data is being prepared'),
  ),
  mcHeatmap: snapshot<McHeatmapData>('mc_heatmap', later('The market map is being computed')),
  sectorPerformance: snapshot<SectorPerformance>('sector_performance', later('Sector performance is being computed')),
  /** All 36 answers of the screen, keyed by comboKey(index, lookback, factor). */
  sectorRotation: snapshot<Record<string, SectorRotationData>>(
    'sector_rotation',
    later('Sector rotation is being computed'),
  ),
  shortInterest: snapshot<{ asOf: string; rows: ShortInterestRow[] }>(
    'short_interest_latest',
    later('Short interest is being loaded'),
  ),
  signals: snapshot<SignalsData>('signals', later('The signals table is being computed')),
  sp500Ratios: snapshot<{ asOf: string; source: string; datasets: Record<Sp500Dataset, Sp500RatiosResponse> }>(
    'sp500_ratios',
    later('S&P 500 Statistics are being computed'),
  ),
  spyToVix: snapshot<SpyToVix>('spy_to_vix', later('SPY To VIX is being computed')),
  /** One per ticker (~15 kB gzipped), so a request reads only its own ticker; none yet = no data. */
  darkPoolIndividual: (ticker: string) =>
    snapshot<DarkPoolIndividual>(
      `dark_pool_individual#${ticker.toUpperCase()}`,
      later('Dark pool data is being prepared'),
    ),
  optionMinmax: (underlying: string) =>
    snapshot<OptionMinmax>(`option_minmax_${underlying}`, later('The option min/max series is being computed')),
  optionWalls: (underlying: string) =>
    snapshot<OptionWalls>(
      `option_walls_${underlying}`,
      later('Option walls are being computed from the option chains'),
    ),
} as const;
