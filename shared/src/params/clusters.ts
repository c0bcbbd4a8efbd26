// Clusters parameters: the choices, defaults and labels of the query (schemas/clusters.ts validates them).
// No zod here: the web imports these without the validation library.

/** Spec part 1 section 9: the clusters control offers these fixed choices only. */
export const CLUSTER_CHOICES = {
  nbClusters: [2, 3, 4, 5, 6, 7, 8, 9, 10],
  length: [5, 10, 20],
  iterations: [2, 5, 10, 20, 30, 40, 50],
  features: ['pct', 'volatility', 'pcvol'],
  trainingWindow: [200, 400, 600],
  metric: ['euclidean', 'dtw'],
} as const;

export const CLUSTER_DEFAULTS = {
  ticker: 'SPY',
  nb_clusters: 8,
  length: 10,
  metric: 'euclidean',
  iterations: 10,
  features: 'pcvol',
  training_window: 400,
} as const;

export const FORWARD_HORIZONS = [1, 2, 5, 10, 20] as const;
export type ForwardHorizon = (typeof FORWARD_HORIZONS)[number];
export const FORWARD_RETURN_LABELS = [
  '1D Forward Return',
  '2D Forward Return',
  '5D Forward Return',
  '10D Forward Return',
  '20D Forward Return',
] as const;

/**
 * DTW's Sakoe-Chiba band: a day of one window may be matched with days at most this share of the
 * pattern length away (at least one day): 1 day at length 5 and 10, 2 days at length 20.
 */
export const DTW_BAND_FRACTION = 0.1;
export function dtwBand(length: number): number {
  return Math.max(1, Math.round(length * DTW_BAND_FRACTION));
}

/** What the page help says of the DTW metric (issue 23), in a trader's terms (issue 41). */
export const DTW_HELP =
  'DTW (dynamic time warping) lets a pattern match a copy of itself shifted or stretched by a day or two: at most 10% of the pattern length (at least one day; 1 day at length 5 and 10, 2 days at length 20), each feature aligned on its own. Cluster centres are DTW averages of their windows. DTW compares every day with its neighbours, so it takes longer than the default euclidean distance: a DTW answer may take a moment.';

/**
 * Why SoftDTW is refused (scripts/bench/dtw-kmeans.ts, in `npm run bench`): even a lower bound of
 * SoftDTW k-means (soft assignment, no pruning possible, plain mean centres instead of the
 * gradient-fitted barycentre) at the defaults measured 1.1-1.5 s per request on the shared 2-core
 * bench machine, about 7 times DTW k-means, far over the 60 ms budget. Users get the short reason.
 */
/** The message the API sends and the selector shows. */
export const SOFTDTW_UNAVAILABLE =
  'SoftDTW is unavailable because of its computational cost: it would take several seconds per answer.';
