import { describe, expect, it } from 'vitest';
import { mcHeatmapResponse, sectorRotationResponse } from '@tapewatch/shared/schemas/sector-rotation';
import type { DailySeries } from '@tapewatch/functions/data/timeseries-repository';
import { readBundle } from '../demo-data/load-demo.ts';
import { buildDirectory, readStocks } from '../demo-data/universe.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

const stock = (t: string) => [...readStocks()].find((s) => s.ticker === t)!.series;
const tr = (s: DailySeries) => (s.adjClose && s.adjClose.length === s.close.length ? s.adjClose : s.close);

/** Independent weekly closes: a new week starts whenever the weekday number does not increase. */
function weekly(s: DailySeries, asOf: string): Map<string, number> {
  const out = new Map<string, number>();
  const closes = tr(s);
  let key = '';
  let prevDay = 7;
  let prevTime = 0;
  s.date.forEach((d, i) => {
    if (d > asOf) return;
    const t = Date.parse(d);
    const day = new Date(t).getUTCDay();
    if (day <= prevDay || t - prevTime >= 7 * 86_400_000) key = d;
    prevDay = day;
    prevTime = t;
    out.set(key, closes[i]!);
  });
  return out;
}

describe('get_sector_rotation_data on the demo universe', () => {
  it('computes AAPL at lookback 12 from the stored closes (rate_of_change and absolute_momentum)', async () => {
    const asOf = '2024-03-08';
    const spy = weekly(readBundle().series.get('SPY')!, asOf);
    const aapl = weekly(stock('AAPL'), asOf);
    const keys = [...aapl.keys()].filter((k) => spy.has(k));
    const p = keys.map((k) => aapl.get(k)!);
    const rs = keys.map((k, i) => p[i]! / spy.get(k)!);
    const n = p.length;
    const L = 12;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const expRs = (100 * rs[n - 1]!) / mean(rs.slice(n - L));
    const expRoc = (100 * rs[n - 1]!) / rs[n - 1 - L]!;
    const expAbs = (100 * p[n - 1]!) / p[n - 1 - L]!;
    const expMom = (100 * p[n - 1]!) / mean(p.slice(n - L));

    const { status, body } = await api.get('get_sector_rotation_data');
    expect(status).toBe(200);
    const r = sectorRotationResponse.parse(body);
    expect(r).toMatchObject({ as_of: asOf, index: 'sp500', lookback: 12, factor: 'rate_of_change', benchmark: 'SPY' });
    const row = r.main_data.find((x) => x.ticker === 'AAPL')!;
    expect(row).toMatchObject({
      sector: 'Information Technology',
      super_sector: 'Sensitive',
      date: asOf,
      close: 170.73,
    });
    expect(row.relative_strength).toBeCloseTo(expRs, 3);
    expect(row.rate_of_change).toBeCloseTo(expRoc, 3);
    expect(row.tail).toHaveLength(5);
    expect(row.tail.at(-1)).toEqual([row.relative_strength, row.rate_of_change]);

    const abs = sectorRotationResponse.parse(
      (await api.get('get_sector_rotation_data', { factor: 'absolute_momentum', lookback: '12' })).body,
    );
    expect(abs.main_data.find((x) => x.ticker === 'AAPL')!.absolute_momentum).toBeCloseTo(expAbs, 3);
    const mom = sectorRotationResponse.parse((await api.get('get_sector_rotation_data', { factor: 'momentum' })).body);
    expect(mom.main_data.find((x) => x.ticker === 'AAPL')!.momentum).toBeCloseTo(expMom, 3);
  });

  it('covers the index members, with frequency tables that add up', async () => {
    const dir = buildDirectory([]);
    for (const index of ['sp500', 'nasdaq100'] as const) {
      const r = sectorRotationResponse.parse(
        (await api.get('get_sector_rotation_data', { index, lookback: '52', factor: 'momentum' })).body,
      );
      const members = dir.filter((e) => (index === 'sp500' ? e.in_sp500 : e.in_nasdaq100));
      expect(r.benchmark).toBe(index === 'sp500' ? 'SPY' : 'QQQ');
      // Members listed for less than lookback + 1 weeks, or without a GICS sector, are left out.
      expect(r.main_data.length).toBeGreaterThan(members.length * 0.8);
      expect(r.main_data.length).toBeLessThanOrEqual(members.length);
      expect(r.main_data.every((x) => members.some((m) => m.symbol === x.ticker))).toBe(true);
      const total = r.sector_freq_data.reduce((s, x) => s + x.Lagging + x.Improving + x.Weakening + x.Leading, 0);
      expect(total).toBe(r.main_data.length);
      const leading = r.main_data.filter((x) => x.super_sector === 'Defensive' && x.position === 'Leading').length;
      expect(r.super_sector_freq_data.find((x) => x.super_sector === 'Defensive')!.Leading).toBe(leading);
      for (const x of r.super_sector_freq_pct_data) {
        expect(x.Lagging + x.Improving + x.Weakening + x.Leading).toBeCloseTo(100, 1);
      }
    }
  });

  it('rejects choices outside the spec with a 400 naming the parameter', async () => {
    for (const [q, name] of [
      ['lookback=5', 'lookback'],
      ['factor=rsi', 'factor'],
      ['index=dow', 'index'],
      ['ticker=AAPL', 'ticker'],
    ] as const) {
      const res = await api.getUnchecked('get_sector_rotation_data', q);
      expect(res.status).toBe(400);
      expect(String(res.body.alert_message)).toContain(name);
    }
  });
});

describe('get_mc_heatmap_data', () => {
  it('sizes S&P 500 members by shares estimate x close with the last 1-day change', async () => {
    const r = mcHeatmapResponse.parse((await api.get('get_mc_heatmap_data')).body);
    expect(r.as_of).toBe('2024-03-08');
    expect(r.market_cap_is_estimate).toBe(true);
    const aapl = r.data.find((x) => x.ticker === 'AAPL')!;
    const s = stock('AAPL');
    const shares = buildDirectory([]).find((e) => e.symbol === 'AAPL')!.shares_outstanding!;
    const n = s.close.length;
    expect(aapl.market_cap).toBe(Math.round(shares * s.close[n - 1]!));
    expect(aapl.change_pct).toBeCloseTo(100 * (s.close[n - 1]! / s.close[n - 2]! - 1), 3);
    expect(r.data.length).toBeGreaterThan(400);
    expect(r.data.every((x) => Number.isFinite(x.change_pct) && x.market_cap > 0)).toBe(true);
  });
});
