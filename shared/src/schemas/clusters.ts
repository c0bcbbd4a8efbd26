import { z } from 'zod';
import { tickerParam } from './tickers.ts';
import { CLUSTER_CHOICES, CLUSTER_DEFAULTS, FORWARD_RETURN_LABELS, SOFTDTW_UNAVAILABLE } from '../params/clusters.ts';
export * from '../params/clusters.ts';

/** A query number restricted to a list of choices, with a message that lists them. */
function choice<T extends readonly number[]>(values: T, def: T[number]) {
  // Numbers are accepted too so the typed web client can pass the choices as they are.
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return def;
      const n = Number(s);
      if (String(s).trim() === '' || !values.includes(n)) {
        ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}` });
        return z.NEVER;
      }
      return n as T[number];
    });
}

export const clustersQuery = z.strictObject({
  ticker: tickerParam.default(CLUSTER_DEFAULTS.ticker),
  nb_clusters: choice(CLUSTER_CHOICES.nbClusters, CLUSTER_DEFAULTS.nb_clusters),
  length: choice(CLUSTER_CHOICES.length, CLUSTER_DEFAULTS.length),
  metric: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === 'euclidean') return 'euclidean' as const;
      if (s === 'dtw') return 'dtw' as const;
      ctx.addIssue({
        code: 'custom',
        message:
          s === 'softdtw'
            ? `must be euclidean or dtw. ${SOFTDTW_UNAVAILABLE}`
            : `must be one of ${CLUSTER_CHOICES.metric.join(', ')}`,
      });
      return z.NEVER;
    }),
  iterations: choice(CLUSTER_CHOICES.iterations, CLUSTER_DEFAULTS.iterations),
  features: z.enum(CLUSTER_CHOICES.features).default(CLUSTER_DEFAULTS.features),
  training_window: choice(CLUSTER_CHOICES.trainingWindow, CLUSTER_DEFAULTS.training_window),
});
export type ClustersParams = z.output<typeof clustersQuery>;

const datedClose = z.object({ date: z.string(), close: z.number().nullable() });

export const clusterPredictionsSchema = z.object({
  index: z.array(z.string()),
  close: z.array(z.number()),
  volume: z.array(z.number().nullable()),
  mark_dates: z.object({
    area: z.object({ start: z.string(), end: z.string() }),
    d1: datedClose,
    d2: datedClose,
    d5: datedClose,
    d10: datedClose,
    d20: datedClose,
  }),
});
export type ClusterPredictions = z.infer<typeof clusterPredictionsSchema>;

const forwardReturnsSchema = z.object({
  d1: z.number().nullable(),
  d2: z.number().nullable(),
  d5: z.number().nullable(),
  d10: z.number().nullable(),
  d20: z.number().nullable(),
});
export type ForwardReturns = z.infer<typeof forwardReturnsSchema>;

export const boxplotStatsSchema = z.object({
  min: z.number(),
  q1: z.number(),
  median: z.number(),
  q3: z.number(),
  max: z.number(),
  count: z.number().int(),
});
export type BoxplotStats = z.infer<typeof boxplotStatsSchema>;

export const clustersResponse = z.object({
  ticker: z.string(),
  params: z.object({
    nb_clusters: z.number(),
    length: z.number(),
    metric: z.string(),
    iterations: z.number(),
    features: z.string(),
    training_window: z.number(),
  }),
  /** Cluster Info: the latest window's date and cluster, and that cluster's average forward returns (decimals). */
  cluster_info: z.object({
    date: z.string(),
    current_cluster: z.number().int(),
    forward_returns: forwardReturnsSchema,
  }),
  predictions: clusterPredictionsSchema,
  /** One row per labelled window: its last date, that day's return (decimal) and the cluster. */
  clusters_daily_data: z.array(z.object({ date: z.string(), return: z.number(), cluster: z.number().int() })),
  /** Colour of cluster i at index i. */
  clusters_daily_colors: z.array(z.string()),
  clusters_average_data: z.object({
    clusters_count: z.object({ labels: z.array(z.string()), counts: z.array(z.number().int()) }),
    /** Per horizon label, one average (decimal) per cluster; null when no window of that cluster has a known forward return. */
    clusters_average_returns: z.record(z.enum(FORWARD_RETURN_LABELS), z.array(z.number().nullable())),
  }),
  /** Which forward return the boxplots summarise. */
  clusters_boxplot_horizon: z.enum(FORWARD_RETURN_LABELS),
  clusters_boxplot_data: z.array(
    z.object({
      cluster: z.number().int(),
      label: z.string(),
      boxplot_data: boxplotStatsSchema.nullable(),
      color: z.string(),
    }),
  ),
});
export type ClustersData = z.infer<typeof clustersResponse>;

export const clustersTableRowSchema = z.object({
  ticker: z.string(),
  date: z.string(),
  close: z.number(),
  '1d_forward_return': z.number().nullable(),
  '2d_forward_return': z.number().nullable(),
  '5d_forward_return': z.number().nullable(),
  '10d_forward_return': z.number().nullable(),
  '20d_forward_return': z.number().nullable(),
});
export type ClustersTableRow = z.infer<typeof clustersTableRowSchema>;

export const clustersTableResponse = z.object({
  as_of: z.string(),
  all: z.array(clustersTableRowSchema),
  sp500: z.array(clustersTableRowSchema),
  nasdaq100: z.array(clustersTableRowSchema),
});
export type ClustersTable = z.infer<typeof clustersTableResponse>;

/** A forward return as a decimal; a 100x move either way is certainly a typo. */
const decimalReturn = z.coerce.number().finite().min(-1).max(100);

export const clustersPredictionQuery = z.strictObject({
  ticker: tickerParam,
  d1: decimalReturn,
  d2: decimalReturn,
  d5: decimalReturn,
  d10: decimalReturn,
  d20: decimalReturn,
});
