/**
 * The option-chain shape the walls analytics read: one tuple per contract, as the option-chains
 * ingest stores it (structurally the job's StoredChain, restated here so the domain imports no job code).
 */
export type ChainContract = readonly [
  expiry: string,
  type: 'C' | 'P',
  strike: number,
  openInterest: number,
  delta: number | null,
  gamma: number | null,
  iv: number | null,
  volume: number,
];

export interface ChainDay {
  underlying: string;
  date: string;
  spot: number | null;
  contracts: readonly ChainContract[];
}

/** Shares per contract. */
export const CONTRACT_SIZE = 100;

export const OPTION_WALLS = {
  /** Nearest expiries drawn in the bar chart: more makes the stacked bars unreadable. */
  maxExpiries: 8,
  /** Strikes within this percent of spot (bars, GEX and the zero-gamma search range). */
  strikeBandPct: 10,
  /** Zero-gamma grid: points across the +-band (0.1% of spot apart at 201). */
  zeroGammaSteps: 201,
  /** Rates for re-pricing gamma at hypothetical spots (the CBOE chain's own greeks use similar ones). */
  riskFreeRate: 0.053,
  dividendYield: 0.013,
  /** Days of the min/max series kept (a year of trading days). */
  minmaxDays: 252,
} as const;

/**
 * Contracts still alive after the as-of close: the chain is taken at 16:35 New York, when the
 * day's own expiries have already expired and carry no exposure.
 */
export function liveContracts(chain: ChainDay): ChainContract[] {
  return chain.contracts.filter((c) => c[0] > chain.date);
}

/** delta x open interest x 100 (negative for puts); null when the vendor sent no delta. */
export function deltaAdjustedOi(c: ChainContract): number | null {
  const delta = c[4];
  return delta === null || !Number.isFinite(delta) ? null : delta * c[3] * CONTRACT_SIZE;
}

/** The strike range shown: spot +- band %, or everything when the spot is unknown. */
export function strikeBand(spot: number | null, bandPct: number): (strike: number) => boolean {
  if (spot === null || !(spot > 0)) return () => true;
  const lo = spot * (1 - bandPct / 100);
  const hi = spot * (1 + bandPct / 100);
  return (k) => k >= lo && k <= hi;
}

/** Calendar days between two YYYY-MM-DD dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Wire values: cents of a share-equivalent or a dollar are noise, and float dust is not wanted. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
