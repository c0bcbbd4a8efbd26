import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { formatNumber, formatRatioAsPercent } from '../../../lib/format.ts';
import type { ClustersData } from '../api/get-clusters-data.ts';
import type { ClusterPredictions } from '../api/get-clusters-prediction-data.ts';

export const HORIZONS = [1, 2, 5, 10, 20] as const;
export const HORIZON_LABELS = [
  '1D Forward Return',
  '2D Forward Return',
  '5D Forward Return',
  '10D Forward Return',
  '20D Forward Return',
] as const;
/** Forward return as percent text; values that round to zero show as 0.00% rather than -0.00%. */
export const pctText = (v: number | null | undefined): string =>
  formatRatioAsPercent(v !== null && v !== undefined && Math.abs(v) < 5e-5 ? 0 : v);
const dKey = (h: (typeof HORIZONS)[number]) => `d${h}` as const;

export interface PredictionPoint {
  label: string;
  /** Position on the weekday axis: the last session is index.length - 1, +h for the h-day projection. */
  x: number;
  date: string;
  close: number;
}

export interface PredictionView {
  dates: readonly string[];
  closes: readonly number[];
  /** Axis length: history plus the 20 projected weekdays. */
  span: number;
  area: { from: number; to: number };
  points: PredictionPoint[];
}

export function toPredictionView(p: ClusterPredictions): PredictionView {
  const n = p.index.length;
  const from = Math.max(0, p.index.indexOf(p.mark_dates.area.start));
  const points = HORIZONS.flatMap((h) => {
    const m = p.mark_dates[dKey(h)];
    return m.close === null ? [] : [{ label: `${h}D`, x: n - 1 + h, date: m.date, close: m.close }];
  });
  return {
    dates: p.index,
    closes: p.close,
    span: n + HORIZONS[HORIZONS.length - 1]!,
    area: { from, to: n - 1 },
    points,
  };
}

export function predictionTable(p: ClusterPredictions): ChartTableData {
  const n = p.index.length;
  return {
    rowHeader: 'Point',
    columns: ['Date', 'Close'],
    testId: 'predictions-table',
    rowTestId: 'predictions-row',
    rows: [
      { key: 'last', label: 'Last close', cells: [p.index[n - 1] ?? '-', formatNumber(p.close[n - 1], 2)] },
      { key: 'area', label: 'Latest pattern', cells: [`${p.mark_dates.area.start} to ${p.mark_dates.area.end}`, ''] },
      ...HORIZONS.map((h) => {
        const m = p.mark_dates[dKey(h)];
        return {
          key: `d${h}`,
          label: `${h}D projection`,
          cells: [m.date, m.close === null ? '-' : formatNumber(m.close, 2)],
        };
      }),
    ],
  };
}

export interface ClusterInfoView {
  date: string;
  cluster: string;
  returns: Array<{ label: string; value: string; raw: number | null }>;
}

export function clusterInfo(data: ClustersData): ClusterInfoView {
  const { date, current_cluster, forward_returns } = data.cluster_info;
  return {
    date,
    cluster: data.clusters_average_data.clusters_count.labels[current_cluster] ?? `Cluster ${current_cluster}`,
    returns: HORIZONS.map((h) => ({
      label: `${h}D`,
      value: pctText(forward_returns[dKey(h)]),
      raw: forward_returns[dKey(h)],
    })),
  };
}

export function dailyTable(data: ClustersData): ChartTableData {
  const labels = data.clusters_average_data.clusters_count.labels;
  return {
    rowHeader: 'Date',
    columns: ['Return', 'Cluster'],
    testId: 'daily-returns-table',
    rowTestId: 'daily-returns-row',
    rows: data.clusters_daily_data.map((r) => ({
      key: r.date,
      label: r.date,
      cells: [pctText(r.return), labels[r.cluster] ?? String(r.cluster)],
    })),
  };
}

export interface AverageBars {
  clusters: Array<{ label: string; color: string; count: number }>;
  /** One group per horizon: each cluster's average forward return in percent (null when unknown). */
  groups: Array<{ label: string; values: Array<number | null> }>;
}

export function toAverageBars(data: ClustersData): AverageBars {
  const { labels, counts } = data.clusters_average_data.clusters_count;
  return {
    clusters: labels.map((label, i) => ({
      label,
      color: data.clusters_daily_colors[i] ?? '#888',
      count: counts[i] ?? 0,
    })),
    groups: HORIZON_LABELS.map((label, j) => ({
      label: `${HORIZONS[j]}D`,
      values: data.clusters_average_data.clusters_average_returns[label].map((v) => (v === null ? null : v * 100)),
    })),
  };
}

export function averageTable(data: ClustersData): ChartTableData {
  const { labels, counts } = data.clusters_average_data.clusters_count;
  const avg = data.clusters_average_data.clusters_average_returns;
  return {
    rowHeader: 'Cluster',
    columns: ['Count', ...HORIZONS.map((h) => `${h}D`)],
    testId: 'average-returns-table',
    rowTestId: 'average-returns-row',
    rows: labels.map((label, i) => ({
      key: label,
      label,
      cells: [String(counts[i] ?? 0), ...HORIZON_LABELS.map((h) => pctText(avg[h][i]))],
    })),
  };
}

export function boxplotTable(data: ClustersData): ChartTableData {
  return {
    rowHeader: 'Cluster',
    columns: ['Min', 'Q1', 'Median', 'Q3', 'Max', 'Windows'],
    testId: 'boxplot-table',
    rowTestId: 'boxplot-row',
    rows: data.clusters_boxplot_data.map((b) => {
      const s = b.boxplot_data;
      return {
        key: b.label,
        label: b.label,
        cells: s
          ? [s.min, s.q1, s.median, s.q3, s.max].map((v) => pctText(v)).concat(String(s.count))
          : ['-', '-', '-', '-', '-', '0'],
      };
    }),
  };
}
