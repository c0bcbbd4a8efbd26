import { z } from 'zod';
import {
  ROTATION_FACTORS,
  ROTATION_INDICES,
  ROTATION_LOOKBACKS,
  ROTATION_POSITIONS,
  SUPER_SECTORS,
  type RotationLookback,
  type RotationPosition,
} from '../params/sector-rotation.ts';
export * from '../params/sector-rotation.ts';

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
