// Sector Rotation parameters and labels (schemas/sector-rotation.ts holds the wire shapes).
// No zod here: the web imports these without the validation library.

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
