import type {
  ClusterPredictions,
  ClustersData,
  ClustersParams,
  ForwardReturns,
} from '@tapewatch/shared/schemas/clusters';
import { dtwBand, FORWARD_HORIZONS, FORWARD_RETURN_LABELS } from '@tapewatch/shared/schemas/clusters';
import { AnalyticsError, dtwKmeans, kmeans } from '../../analytics/index.ts';
import {
  addWeekdays,
  buildWindows,
  dailyReturns,
  firstFeatureIndex,
  quantileSorted,
  type FeatureKind,
} from './features.ts';

export interface ClusterSeries {
  dates: string[];
  /** Prices as traded, for the chart and the projected closes. */
  closes: number[];
  /** Dividend-adjusted closes, for every return. */
  returnCloses: number[];
  volume: Array<number | null>;
}

export class ClustersInputError extends Error {}

/** Fixed so the same request always gives the same clusters. */
export const KMEANS_SEED = 42;
/** k-means++ restarts; 4 keeps a first request well under 60 ms and the nightly table under 30 s. */
export const KMEANS_RESTARTS = 4;
/** Sessions of price history shown in Price And Predictions. */
export const PREDICTION_HISTORY = 120;
export const CLUSTER_COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
];

/** The request's choices (validated by the route's schema; plain numbers here so tests can pass any). */
export interface ClusterParams {
  nb_clusters: number;
  length: number;
  metric: ClustersParams['metric'];
  iterations: number;
  features: FeatureKind;
  training_window: number;
}
type Params = ClusterParams;

export function minHistory(p: Pick<Params, 'training_window' | 'features'>): number {
  return p.training_window + firstFeatureIndex(p.features);
}

/** Average forward return per horizon for the windows in each cluster (null where none is known). */
function averages(labels: number[], fwd: Array<Array<number | null>>, k: number): number[][] {
  return fwd.map((byWindow) => {
    const sum = new Array<number>(k).fill(0);
    const n = new Array<number>(k).fill(0);
    byWindow.forEach((v, i) => {
      if (v !== null) {
        sum[labels[i]!]! += v;
        n[labels[i]!]! += 1;
      }
    });
    return sum.map((s, c) => (n[c]! > 0 ? s / n[c]! : Number.NaN));
  });
}

/** Features per window: pcvol is returns then volatility, each `length` days. */
const featureCount = (kind: FeatureKind) => (kind === 'pcvol' ? 2 : 1);

/** k-means labels under the request's metric; DTW aligns each feature on its own within the band. */
function labelWindows(points: number[][], p: Params): number[] {
  const opts = { seed: KMEANS_SEED, maxIter: p.iterations, nInit: KMEANS_RESTARTS };
  if (p.metric === 'dtw')
    return dtwKmeans(points, p.nb_clusters, { ...opts, features: featureCount(p.features), band: dtwBand(p.length) })
      .labels;
  return kmeans(points, p.nb_clusters, opts).labels;
}

const orNull = (x: number | undefined): number | null => (x === undefined || !Number.isFinite(x) ? null : x);

export function computeClusters(ticker: string, s: ClusterSeries, p: Params): ClustersData {
  const n = s.dates.length;
  const need = minHistory(p);
  if (n < need) {
    throw new ClustersInputError(
      `${ticker} has ${n} trading days of history; a training window of ${p.training_window} days needs at least ${need}. Choose a shorter training window.`,
    );
  }
  const first = n - p.training_window;
  const ends: number[] = [];
  for (let e = first + p.length - 1; e < n; e++) ends.push(e);
  const points = buildWindows(s.returnCloses, p.features, p.length, ends);
  let labels: number[];
  try {
    labels = labelWindows(points, p);
  } catch (err) {
    if (err instanceof AnalyticsError) {
      throw new ClustersInputError(
        `${ticker}'s price patterns are too uniform to form ${p.nb_clusters} clusters. Choose fewer clusters.`,
      );
    }
    throw err;
  }
  const k = p.nb_clusters;
  const rc = s.returnCloses;
  const fwd = FORWARD_HORIZONS.map((h) => ends.map((e) => (e + h < n ? rc[e + h]! / rc[e]! - 1 : null)));
  const avg = averages(labels, fwd, k);
  const current = labels[labels.length - 1]!;
  const currentFwd = Object.fromEntries(
    FORWARD_HORIZONS.map((h, j) => [`d${h}`, orNull(avg[j]![current])]),
  ) as ForwardReturns;
  const ret = dailyReturns(rc);
  const colors = CLUSTER_COLORS.slice(0, k);
  const clusterLabels = colors.map((_, c) => `Cluster ${c}`);
  const counts = new Array<number>(k).fill(0);
  for (const l of labels) counts[l]! += 1;

  // Boxplots summarise the longest horizon: the one the all-stocks table sorts by.
  const boxHorizon = FORWARD_HORIZONS.length - 1;
  const boxplots = colors.map((color, c) => {
    const xs = fwd[boxHorizon]!.filter((v, i): v is number => v !== null && labels[i] === c).sort((a, b) => a - b);
    const stats = xs.length
      ? {
          min: xs[0]!,
          q1: quantileSorted(xs, 0.25),
          median: quantileSorted(xs, 0.5),
          q3: quantileSorted(xs, 0.75),
          max: xs[xs.length - 1]!,
          count: xs.length,
        }
      : null;
    return { cluster: c, label: clusterLabels[c]!, boxplot_data: stats, color };
  });

  return {
    ticker,
    params: { ...p },
    cluster_info: { date: s.dates[n - 1]!, current_cluster: current, forward_returns: currentFwd },
    predictions: projectPredictions(s, p.length, currentFwd),
    clusters_daily_data: ends.map((e, i) => ({ date: s.dates[e]!, return: ret[e]!, cluster: labels[i]! })),
    clusters_daily_colors: colors,
    clusters_average_data: {
      clusters_count: { labels: clusterLabels, counts },
      clusters_average_returns: Object.fromEntries(
        FORWARD_RETURN_LABELS.map((label, j) => [label, avg[j]!.map((v) => orNull(v))]),
      ) as ClustersData['clusters_average_data']['clusters_average_returns'],
    },
    clusters_boxplot_horizon: FORWARD_RETURN_LABELS[boxHorizon]!,
    clusters_boxplot_data: boxplots,
  };
}

/**
 * Price And Predictions: the last PREDICTION_HISTORY sessions, the latest pattern window as the
 * marked area, and each horizon's projected close = last close x (1 + forward return), dated that
 * many weekdays after the last session.
 */
export function projectPredictions(
  s: Pick<ClusterSeries, 'dates' | 'closes' | 'volume'>,
  length: number,
  fwd: ForwardReturns,
): ClusterPredictions {
  const n = s.dates.length;
  const from = Math.max(0, n - PREDICTION_HISTORY);
  const last = s.dates[n - 1]!;
  const lastClose = s.closes[n - 1]!;
  const mark = (h: (typeof FORWARD_HORIZONS)[number]) => {
    const r = fwd[`d${h}`];
    return { date: addWeekdays(last, h), close: r === null ? null : lastClose * (1 + r) };
  };
  return {
    index: s.dates.slice(from),
    close: s.closes.slice(from),
    volume: s.volume.slice(from),
    mark_dates: {
      area: { start: s.dates[Math.max(0, n - length)]!, end: last },
      d1: mark(1),
      d2: mark(2),
      d5: mark(5),
      d10: mark(10),
      d20: mark(20),
    },
  };
}
