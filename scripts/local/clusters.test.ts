import { describe, expect, it } from 'vitest';
import { clusterPredictionsSchema, clustersResponse, clustersTableResponse } from '@tapewatch/shared/schemas/clusters';
import type { DailySeries } from '@tapewatch/functions/data/timeseries-repository';
import { readStocks } from '../demo-data/universe.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

const stock = (t: string) => [...readStocks()].find((s) => s.ticker === t)!.series;
const tr = (s: DailySeries) => (s.adjClose && s.adjClose.length === s.close.length ? s.adjClose : s.close);
const AS_OF = '2024-03-08';

describe('clusters endpoints on the demo universe', () => {
  it('clusters AAPL with the defaults; averages equal an independent computation from stored closes', async () => {
    const { status, body } = await api.get('get_clusters_data', { ticker: 'aapl' });
    expect(status).toBe(200);
    const c = clustersResponse.parse(body);
    const s = stock('AAPL');
    const end = s.date.findLastIndex((d) => d <= AS_OF) + 1;
    const dates = s.date.slice(0, end);
    const closes = tr(s).slice(0, end);
    const n = dates.length;
    expect(c.ticker).toBe('AAPL');
    expect(c.cluster_info.date).toBe(AS_OF);
    // 400-day training window, 10-day windows -> 391 labelled windows ending at the last 391 dates.
    expect(c.clusters_daily_data).toHaveLength(391);
    expect(c.clusters_daily_data.map((r) => r.date)).toEqual(dates.slice(n - 391));
    expect(c.clusters_daily_data.at(-1)!.return).toBeCloseTo(closes[n - 1]! / closes[n - 2]! - 1, 12);
    expect(c.cluster_info.current_cluster).toBe(c.clusters_daily_data.at(-1)!.cluster);
    expect(c.clusters_daily_colors).toHaveLength(8);
    expect(c.clusters_average_data.clusters_count.counts.reduce((a, b) => a + b, 0)).toBe(391);

    const horizons = [1, 2, 5, 10, 20] as const;
    for (const h of horizons) {
      const byCluster = new Map<number, number[]>();
      c.clusters_daily_data.forEach((r, i) => {
        const e = n - 391 + i;
        if (e + h < n) byCluster.set(r.cluster, [...(byCluster.get(r.cluster) ?? []), closes[e + h]! / closes[e]! - 1]);
      });
      const avg = (xs: number[] | undefined) => (xs?.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
      const api = c.clusters_average_data.clusters_average_returns[`${h}D Forward Return`];
      api.forEach((v, k) =>
        v === null ? expect(avg(byCluster.get(k))).toBeNull() : expect(v).toBeCloseTo(avg(byCluster.get(k))!, 12),
      );
      expect(c.cluster_info.forward_returns[`d${h}`]).toBe(api[c.cluster_info.current_cluster]);
    }
    expect(c.predictions.index).toEqual(dates.slice(n - 120));
    expect(c.predictions.close).toEqual(s.close.slice(end - 120, end));
    expect(c.predictions.mark_dates.area).toEqual({ start: dates[n - 10], end: AS_OF });
    expect(c.predictions.mark_dates.d1.date).toBe('2024-03-11');
    expect(c.predictions.mark_dates.d20.date).toBe('2024-04-05');
    const d5 = c.cluster_info.forward_returns.d5!;
    expect(c.predictions.mark_dates.d5.close).toBeCloseTo(s.close[end - 1]! * (1 + d5), 9);
  });

  it('answers the same request identically (fixed seed) and honours every parameter', async () => {
    const q = {
      ticker: 'MSFT',
      nb_clusters: '3',
      length: '5',
      iterations: '5',
      features: 'pct',
      training_window: '200',
    } as const;
    const a = clustersResponse.parse((await api.get('get_clusters_data', q)).body);
    const b = clustersResponse.parse((await api.get('get_clusters_data', q)).body);
    expect(a).toEqual(b);
    expect(a.clusters_daily_colors).toHaveLength(3);
    expect(a.clusters_daily_data).toHaveLength(196);
    expect(a.params).toMatchObject({ nb_clusters: 3, length: 5, iterations: 5, features: 'pct', training_window: 200 });
  });

  it('rejects choices outside the spec with a 400 naming the parameter, and SoftDTW with the reason', async () => {
    for (const [q, name] of [
      ['nb_clusters=11', 'nb_clusters'],
      ['length=7', 'length'],
      ['iterations=3', 'iterations'],
      ['features=volume', 'features'],
      ['training_window=300', 'training_window'],
      ['bogus=1', 'bogus'],
    ] as const) {
      const r = await api.getUnchecked('get_clusters_data', `ticker=SPY&${q}`);
      expect(r.status, q).toBe(400);
      expect(String(r.body.alert_message), q).toContain(name);
    }
    const soft = await api.getUnchecked('get_clusters_data', { ticker: 'SPY', metric: 'softdtw' });
    expect(soft.status).toBe(400);
    expect(String(soft.body.alert_message)).toContain('computational cost');
    const unknown = await api.get('get_clusters_data', { ticker: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(String(unknown.body.alert_message)).toContain('Unknown ticker NOPE');
  });

  it('clusters SPY under DTW (issue 23): every window labelled, deterministic, metric echoed', async () => {
    const q = { ticker: 'SPY', metric: 'dtw' } as const;
    const a = await api.get('get_clusters_data', q);
    expect(a.status).toBe(200);
    const c = clustersResponse.parse(a.body);
    expect(c.params.metric).toBe('dtw');
    expect(c.clusters_daily_data).toHaveLength(391);
    expect(c.clusters_average_data.clusters_count.counts.reduce((x, y) => x + y, 0)).toBe(391);
    const e = clustersResponse.parse((await api.get('get_clusters_data', { ticker: 'SPY', metric: 'euclidean' })).body);
    expect(c.clusters_daily_data.map((r) => r.cluster)).not.toEqual(e.clusters_daily_data.map((r) => r.cluster));
    expect((await api.get('get_clusters_data', q)).body).toEqual(a.body);
  });

  it('explains too little history and accepts a shorter training window (KVUE listed May 2023)', async () => {
    const r = await api.get('get_clusters_data', { ticker: 'KVUE' });
    expect(r.status).toBe(400);
    expect(String(r.body.alert_message)).toMatch(
      /KVUE has \d+ trading days of history; a training window of 400 days needs at least 410/,
    );
    const short = await api.get('get_clusters_data', { ticker: 'KVUE', training_window: '200' });
    expect(short.status).toBe(200);
    expect(clustersResponse.parse(short.body).clusters_daily_data).toHaveLength(191);
    const t = clustersTableResponse.parse((await api.get('get_clusters_table_data')).body);
    expect(t.all.some((row) => row.ticker === 'KVUE')).toBe(false);
  });

  it('serves the nightly table: each row equals the single-stock answer with the defaults', async () => {
    const { status, body } = await api.get('get_clusters_table_data');
    expect(status).toBe(200);
    const t = clustersTableResponse.parse(body);
    expect(t.all.length).toBeGreaterThan(400);
    expect(t.sp500.length).toBeGreaterThan(400);
    expect(t.nasdaq100.length).toBeGreaterThan(80);
    expect(t.nasdaq100.length).toBeLessThan(t.all.length);
    const row = t.all.find((r) => r.ticker === 'AAPL')!;
    const single = clustersResponse.parse((await api.get('get_clusters_data', { ticker: 'AAPL' })).body);
    expect(row).toMatchObject({ ticker: 'AAPL', date: AS_OF, close: single.predictions.close.at(-1) });
    for (const h of [1, 2, 5, 10, 20] as const) {
      expect(row[`${h}d_forward_return`]).toBeCloseTo(single.cluster_info.forward_returns[`d${h}`]!, 6);
    }
  });

  it('projects the selected row with the given returns', async () => {
    const { status, body } = await api.get('get_clusters_prediction_data', {
      ticker: 'aapl',
      d1: '0.01',
      d2: '0.02',
      d5: '-0.05',
      d10: '0',
      d20: '0.1',
    });
    expect(status).toBe(200);
    const p = clusterPredictionsSchema.parse(body);
    const s = stock('AAPL');
    const last = s.close[s.date.findLastIndex((d) => d <= AS_OF)]!;
    expect(p.mark_dates.d1.close).toBeCloseTo(last * 1.01, 9);
    expect(p.mark_dates.d5.close).toBeCloseTo(last * 0.95, 9);
    expect(p.mark_dates.d20.close).toBeCloseTo(last * 1.1, 9);
    const bad = await api.get('get_clusters_prediction_data', {
      ticker: 'AAPL',
      d1: 'abc',
      d2: '0',
      d5: '0',
      d10: '0',
      d20: '0',
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body.alert_message)).toContain('d1');
  });
});
