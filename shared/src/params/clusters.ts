// Clusters parameters: the choices, defaults and labels of the query (schemas/clusters.ts validates them).
// No zod here: the web imports these without the validation library.

/** Spec part 1 section 9: the clusters control offers these fixed choices only. */
export const CLUSTER_CHOICES = {
  nbClusters: [2, 3, 4, 5, 6, 7, 8, 9, 10],
  length: [5, 10, 20],
  iterations: [2, 5, 10, 20, 30, 40, 50],
  features: ['pct', 'volatility', 'pcvol'],
  trainingWindow: [200, 400, 600],
  metric: ['euclidean'],
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
 * Why DTW is refused, with the measured cost (scripts/bench/dtw-kmeans.ts, in `npm run bench`):
 * k-means with the analytics library's dtwDistance at the defaults (391 windows x 2 features,
 * 8 clusters, 10 iterations, 4 restarts) took 0.5-1 s on the 2-core bench machine, about 65-130x
 * euclidean k-means, before any DTW barycentre step; a first request has 60 ms in all.
 */
export const DTW_MEASURED_COST = 'DTW k-means at the default settings measured 0.5-1 s per request against a 60 ms budget';
/** The message the API sends and the selector shows. */
export const DTW_UNAVAILABLE = `DTW and SoftDTW are unavailable because of their computational cost (${DTW_MEASURED_COST}); only euclidean is offered.`;
