import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { ByStrikeData, HistoricalPremiumData } from '../../../components/flow/flow-chart-data.ts';
import sample from './sample-flow.json';

/**
 * The landing page's demo content: seeded sample data bundled with the page (nothing is fetched).
 * Trades of one session (2024-03-08), SPY premiums by strike and 20 days of cumulative premiums.
 */
export interface LandingSample {
  asOf: string;
  ticker: string;
  trades: readonly FlowTrade[];
  byStrike: ByStrikeData;
  cumulative: HistoricalPremiumData;
}

export const LANDING_SAMPLE: LandingSample = sample as LandingSample;
