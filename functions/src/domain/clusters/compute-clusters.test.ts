import { describe, expect, it } from 'vitest';
import { addWeekdays, buildWindows, dailyReturns, quantileSorted, rollingVolatility, zNormalise } from './features.ts';
import { ClustersInputError, computeClusters, projectPredictions } from './compute-clusters.ts';
import { clustersTableRow } from './clusters-table.ts';

const defaults = {
  nb_clusters: 2,
  length: 5,
  metric: 'euclidean' as const,
  iterations: 10,
  features: 'pct' as const,
  training_window: 200,
};

function series(closes: number[]) {
  const dates: string[] = [];
  let d = '2023-01-02';
  for (let i = 0; i < closes.length; i++) {
    dates.push(d);
    d = addWeekdays(d, 1);
  }
  return { dates, closes, returnCloses: closes, volume: closes.map(() => 1000) };
}

describe('clusters features', () => {
  it('daily returns and z-normalisation by hand', () => {
    const r = dailyReturns([100, 110, 99]);
    expect(r[0]).toBeNull();
    expect(r[1]).toBeCloseTo(0.1, 12);
    expect(r[2]).toBeCloseTo(-0.1, 12);
    // mean 2, population sd sqrt(2/3)
    const z = zNormalise([1, 2, 3]);
    expect(z[0]).toBeCloseTo(-1.224744871, 8);
    expect(z[2]).toBeCloseTo(1.224744871, 8);
    expect(zNormalise([5, 5, 5])).toEqual([0, 0, 0]);
  });

  it('rolling volatility is the sample std of the last 10 returns', () => {
    const rets: Array<number | null> = [null, 0.01, -0.01, 0.01, -0.01, 0.01, -0.01, 0.01, -0.01, 0.01, -0.01];
    const vol = rollingVolatility(rets);
    expect(vol[9]).toBeNull();
    // ten values alternating +-0.01: mean 0, sum sq = 10e-4, / 9
    expect(vol[10]).toBeCloseTo(Math.sqrt(0.001 / 9), 12);
  });

  it('pcvol concatenates the z-normalised returns and volatility', () => {
    const closes = Array.from({ length: 30 }, (_, i) => 100 + (i % 3));
    const [w] = buildWindows(closes, 'pcvol', 5, [20]);
    expect(w).toHaveLength(10);
    const [p] = buildWindows(closes, 'pct', 5, [20]);
    expect(w!.slice(0, 5)).toEqual(p);
  });

  it('quantiles interpolate like numpy and weekdays skip weekends', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBeCloseTo(2.5, 12);
    expect(addWeekdays('2024-03-08', 1)).toBe('2024-03-11'); // Friday -> Monday
    expect(addWeekdays('2024-03-08', 5)).toBe('2024-03-15');
  });
});

describe('computeClusters', () => {
  // Two alternating regimes of 5 days: +1%/day then -1%/day.
  const closes = [100];
  for (let i = 1; i < 260; i++) closes.push(closes[i - 1]! * (Math.floor(i / 5) % 2 === 0 ? 1.01 : 0.99));

  it('labels each window, averages known forward returns, and projects the current cluster', () => {
    const out = computeClusters('TEST', series(closes), defaults);
    const n = closes.length;
    expect(out.clusters_daily_data).toHaveLength(200 - 5 + 1);
    expect(out.clusters_daily_data.at(-1)!.date).toBe(out.cluster_info.date);
    expect(out.clusters_average_data.clusters_count.counts.reduce((a, b) => a + b, 0)).toBe(196);
    // Independent check of the 1D average of the current cluster.
    const cur = out.cluster_info.current_cluster;
    const first = n - 200 + 4;
    const rows = out.clusters_daily_data;
    let sum = 0;
    let cnt = 0;
    rows.forEach((r, i) => {
      const e = first + i;
      if (r.cluster === cur && e + 1 < n) {
        sum += closes[e + 1]! / closes[e]! - 1;
        cnt++;
      }
    });
    expect(out.cluster_info.forward_returns.d1).toBeCloseTo(sum / cnt, 12);
    expect(out.clusters_average_data.clusters_average_returns['1D Forward Return'][cur]).toBeCloseTo(sum / cnt, 12);
    const last = closes[n - 1]!;
    expect(out.predictions.mark_dates.d1.close).toBeCloseTo(last * (1 + sum / cnt), 9);
    expect(out.predictions.mark_dates.area.end).toBe(out.cluster_info.date);
    expect(out.predictions.index).toHaveLength(120);
    expect(out.clusters_boxplot_data).toHaveLength(2);
    const box = out.clusters_boxplot_data[cur]!.boxplot_data!;
    expect(box.min).toBeLessThanOrEqual(box.q1);
    expect(box.q3).toBeLessThanOrEqual(box.max);
  });

  it('is deterministic', () => {
    expect(computeClusters('T', series(closes), defaults)).toEqual(computeClusters('T', series(closes), defaults));
  });

  it('refuses a ticker with too little history with a clear message', () => {
    expect(() => computeClusters('NEW', series(closes.slice(0, 150)), defaults)).toThrow(ClustersInputError);
    expect(() => computeClusters('NEW', series(closes.slice(0, 150)), defaults)).toThrow(
      /150 trading days.*at least 201/,
    );
  });

  it('refuses more clusters than distinct patterns', () => {
    expect(() => computeClusters('FLAT', series(new Array(260).fill(50)), defaults)).toThrow(/too uniform/);
  });

  it('leaves unknown projections null', () => {
    const p = projectPredictions(series([1, 2, 3]), 2, { d1: 0.1, d2: null, d5: null, d10: null, d20: -0.5 });
    expect(p.mark_dates.d1.close).toBeCloseTo(3.3, 12);
    expect(p.mark_dates.d2.close).toBeNull();
    expect(p.mark_dates.d20.close).toBeCloseTo(1.5, 12);
    expect(p.mark_dates.area.start).toBe(p.index[1]);
  });
});

describe('computeClusters with metric=dtw', () => {
  it('labels the pcvol windows with DTW k-means: deterministic, every cluster used, params echoed', () => {
    const closes = [100];
    for (let i = 1; i < 420; i++)
      closes.push(closes[i - 1]! * (1 + 0.01 * Math.sin(i / 3) + 0.004 * Math.cos(i * 1.7)));
    const p = {
      nb_clusters: 8,
      length: 10,
      metric: 'dtw' as const,
      iterations: 10,
      features: 'pcvol' as const,
      training_window: 400,
    };
    const a = computeClusters('T', series(closes), p);
    expect(computeClusters('T', series(closes), p)).toEqual(a);
    expect(a.params.metric).toBe('dtw');
    expect(a.clusters_daily_data).toHaveLength(391);
    expect(a.clusters_average_data.clusters_count.counts.reduce((x, y) => x + y, 0)).toBe(391);
    expect(a.clusters_average_data.clusters_count.counts.every((c) => c > 0)).toBe(true);
    const euclid = computeClusters('T', series(closes), { ...p, metric: 'euclidean' });
    expect(euclid.clusters_daily_data.map((r) => r.cluster)).not.toEqual(a.clusters_daily_data.map((r) => r.cluster));
  });
});

describe('clustersTableRow', () => {
  const closes = [100];
  for (let i = 1; i < 450; i++) closes.push(closes[i - 1]! * (1 + 0.01 * Math.sin(i / 3) + 0.002 * Math.cos(i * 1.7)));
  it('carries the current cluster averages (6 decimals) with the default parameters, or null without enough history', () => {
    const s = series(closes);
    const row = clustersTableRow('T', s)!;
    const full = computeClusters('T', s, {
      nb_clusters: 8,
      length: 10,
      metric: 'euclidean',
      iterations: 10,
      features: 'pcvol',
      training_window: 400,
    });
    expect(row.date).toBe(full.cluster_info.date);
    expect(row.close).toBe(closes[449]);
    expect(row['20d_forward_return']).toBeCloseTo(full.cluster_info.forward_returns.d20!, 6);
    expect(Math.abs(row['5d_forward_return']! * 1e6 - Math.round(row['5d_forward_return']! * 1e6))).toBeLessThan(1e-6);
    expect(clustersTableRow('T', series(closes.slice(0, 300)))).toBeNull();
  });
});
