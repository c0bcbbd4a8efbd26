// SPY to VIX horizons and heatmap colour ranges (schemas/spy-to-vix.ts holds the wire shapes).
// No zod here: the web imports these without the validation library.

export const SPY_TO_VIX_PERIODS = ['1d', '2d', '5d', '10d', '20d'] as const;
export type SpyToVixPeriod = (typeof SPY_TO_VIX_PERIODS)[number];

/** Heatmap colour ranges from the spec (probability 35-65; distribution 0-8 for 1d/2d, 0-5 otherwise). */
export const SPY_TO_VIX_RANGES = {
  probability: [35, 65],
  distribution: { '1d': [0, 8], '2d': [0, 8], '5d': [0, 5], '10d': [0, 5], '20d': [0, 5] },
} as const;
