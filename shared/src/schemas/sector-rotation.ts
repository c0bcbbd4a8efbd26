import { z } from 'zod';

/** Spec part 1 section 9: lookback in weeks, indices, factors (first = default). */
export const ROTATION_INDICES = ['sp500', 'nasdaq100'] as const;
export const ROTATION_LOOKBACKS = [4, 8, 12, 26, 39, 52] as const;
export const ROTATION_FACTORS = ['rate_of_change', 'momentum', 'absolute_momentum'] as const;
export const ROTATION_POSITIONS = ['Lagging', 'Improving', 'Weakening', 'Leading'] as const;
export const SUPER_SECTORS = ['Cyclical', 'Sensitive', 'Defensive'] as const;
/** Weekly points per ticker kept for the chart's tails (the current point is the last). */
export const ROTATION_TAIL_WEEKS = 5;

export type RotationIndex = (typeof ROTATION_INDICES)[number];
export type RotationLookback = (typeof ROTATION_LOOKBACKS)[number];
export type RotationFactor = (typeof ROTATION_FACTORS)[number];
export type RotationPosition = (typeof ROTATION_POSITIONS)[number];
export type SuperSector = (typeof SUPER_SECTORS)[number];

export const FACTOR_LABELS: Record<RotationFactor, string> = {
  rate_of_change: 'Relative Momentum',
  momentum: 'Price Momentum',
  absolute_momentum: 'Absolute Price Momentum',
};

export const SUPER_SECTOR_OF: Record<string, SuperSector> = {
  Materials: 'Cyclical',
  'Consumer Discretionary': 'Cyclical',
  Financials: 'Cyclical',
  'Real Estate': 'Cyclical',
  'Communication Services': 'Sensitive',
  Energy: 'Sensitive',
  Industrials: 'Sensitive',
  'Information Technology': 'Sensitive',
  'Consumer Staples': 'Defensive',
  'Health Care': 'Defensive',
  Utilities: 'Defensive',
};

export const sectorRotationQuery = z.strictObject({
  index: z.enum(ROTATION_INDICES).default('sp500'),
  lookback: z
    .enum(ROTATION_LOOKBACKS.map(String) as ['4', '8', '12', '26', '39', '52'])
    .default('12')
    .transform((v) => Number(v) as RotationLookback),
  factor: z.enum(ROTATION_FACTORS).default('rate_of_change'),
});

const position = z.enum(ROTATION_POSITIONS);

export const rotationRowSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  sector: z.string(),
  super_sector: z.enum(SUPER_SECTORS),
  date: z.string(),
  close: z.number(),
  lookback: z.number().int(),
  relative_strength: z.number(),
  /** The chosen factor's value; exactly one of the three keys is present, named as the factor. */
  rate_of_change: z.number().optional(),
  momentum: z.number().optional(),
  absolute_momentum: z.number().optional(),
  position,
  /** The last ROTATION_TAIL_WEEKS weekly [relative_strength, factor] points, oldest first. */
  tail: z.array(z.tuple([z.number(), z.number()])),
});
export type RotationRow = z.infer<typeof rotationRowSchema>;

const counts = { Lagging: z.number(), Improving: z.number(), Weakening: z.number(), Leading: z.number() };
export const superSectorFreqRow = z.object({ super_sector: z.string(), ...counts });
export const sectorFreqRow = z.object({ sector: z.string(), ...counts });
export type FreqCounts = Record<RotationPosition, number>;

export const sectorRotationResponse = z.object({
  as_of: z.string(),
  index: z.enum(ROTATION_INDICES),
  benchmark: z.string(),
  lookback: z.number().int(),
  factor: z.enum(ROTATION_FACTORS),
  main_data: z.array(rotationRowSchema),
  super_sector_freq_pct_data: z.array(superSectorFreqRow),
  super_sector_freq_data: z.array(superSectorFreqRow),
  sector_freq_pct_data: z.array(sectorFreqRow),
  sector_freq_data: z.array(sectorFreqRow),
});
export type SectorRotationData = z.infer<typeof sectorRotationResponse>;

/** Market map: S&P 500 members sized by (estimated) market cap, coloured by 1-day change. */
export const mcHeatmapRowSchema = z.object({
  ticker: z.string(),
  company: z.string(),
  sector: z.string(),
  /** shares_outstanding estimate x last close, in dollars. */
  market_cap: z.number(),
  /** 100 x (last close / previous close - 1). */
  change_pct: z.number(),
});
export type McHeatmapRow = z.infer<typeof mcHeatmapRowSchema>;

export const mcHeatmapResponse = z.object({
  as_of: z.string(),
  market_cap_is_estimate: z.boolean(),
  data: z.array(mcHeatmapRowSchema),
});
export type McHeatmapData = z.infer<typeof mcHeatmapResponse>;
