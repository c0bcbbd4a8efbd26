import { beforeAll, describe, expect, it } from 'vitest';
import { spyToVixSchema, type SpyToVix } from '@tapewatch/shared/schemas/spy-to-vix';
import { readBundle } from '../demo-data/load-demo.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

let api: SpyToVix;
const fx = useIntegrationRuntime();
beforeAll(async () => {
  const res = await fx.api.get('get_spy_to_vix_data');
  expect(res.status).toBe(200);
  api = spyToVixSchema.parse(res.body);
});

/** The stored rows, recomputed here without the app's code: SPY and VIX closes joined on date since 2004. */
function storedCloses() {
  const { series } = readBundle();
  const spy = series.get('SPY')!;
  const vix = series.get('VIX')!;
  const vixBy = new Map(vix.date.map((d, i) => [d, vix.close[i]!]));
  const rows = spy.date
    .map((d, i) => ({ d, s: spy.close[i]!, v: vixBy.get(d) }))
    .filter(
      (r): r is { d: string; s: number; v: number } => r.v !== undefined && r.d >= '2004-01-01' && r.d <= '2024-03-08',
    );
  return rows;
}

function changes(h: number) {
  const rows = storedCloses();
  const out: Array<{ s: number; v: number; f: number | null }> = [];
  for (let t = h; t < rows.length; t++) {
    out.push({
      s: (rows[t]!.s / rows[t - h]!.s - 1) * 100,
      v: (rows[t]!.v / rows[t - h]!.v - 1) * 100,
      f: t + h < rows.length ? (rows[t + h]!.s / rows[t]!.s - 1) * 100 : null,
    });
  }
  return out;
}

describe('GET /api/get_spy_to_vix_data on the demo history', () => {
  it('covers 2004 to the demo date', () => {
    expect(api.as_of).toBe('2024-03-08');
    expect(api.from.startsWith('2004-01')).toBe(true);
    expect(api.spy_to_vix_rounded_1.index.y).toHaveLength(61);
  });

  it('5-day slope, correlation and R-squared equal a closed-form regression of the stored closes', () => {
    const obs = changes(5);
    const n = obs.length;
    const mx = obs.reduce((a, o) => a + o.v, 0) / n;
    const my = obs.reduce((a, o) => a + o.s, 0) / n;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (const o of obs) {
      sxy += (o.v - mx) * (o.s - my);
      sxx += (o.v - mx) ** 2;
      syy += (o.s - my) ** 2;
    }
    const r = api.spy_to_vix_prob_positive.regression_data['5d'];
    expect(r.nobs).toBe(n);
    expect(r.maxlags).toBe(4);
    expect(r['Coef.'].x1).toBeCloseTo(sxy / sxx, 6);
    expect(r['Coef.'].const).toBeCloseTo(my - (sxy / sxx) * mx, 6);
    expect(r.correlation).toBeCloseTo(sxy / Math.sqrt(sxx * syy), 5);
    expect(r.r_squared).toBeCloseTo((sxy * sxy) / (sxx * syy), 5);
    // SPY falls when VIX rises.
    expect(r.correlation).toBeLessThan(-0.6);
  });

  it('the 1-day 10% distribution and probability table count the stored rows', () => {
    const obs = changes(1);
    const cell = (o: { s: number; v: number }) => {
      const x = Math.min(15, Math.max(0, Math.round(o.v / 10) + 5));
      const y = Math.min(60, Math.max(0, Math.round(o.s * 10) + 30));
      return `${x},${y}`;
    };
    const counts = new Map<string, number>();
    for (const o of obs) counts.set(cell(o), (counts.get(cell(o)) ?? 0) + 1);
    const got = new Map(api.spy_to_vix_rounded_10.data['1d'].map(([x, y, p]) => [`${x},${y}`, p]));
    expect(got.size).toBe(counts.size);
    for (const [k, c] of counts) expect(got.get(k)).toBeCloseTo((100 * c) / obs.length, 3);

    const zero = obs.filter((o) => o.f !== null && Math.min(15, Math.max(0, Math.round(o.v / 10) + 5)) === 5);
    const row = api.spy_to_vix_prob_positive.prob_table['1d'].find((r) => r.vix_bucket === '0')!;
    expect(row.count).toBe(zero.length);
    expect(row.positive).toBeCloseTo((100 * zero.filter((o) => o.f! > 0).length) / zero.length, 2);
    expect(row.negative).toBeCloseTo((100 * zero.filter((o) => o.f! < 0).length) / zero.length, 2);
  });

  it('shows probabilities only for cells with at least 20 observations, within 0-100', () => {
    const obs = changes(5).filter((o) => o.f !== null);
    for (const [x, y, p] of api.spy_to_vix_prob_positive.data['5d']) {
      const inCell = obs.filter(
        (o) =>
          Math.min(15, Math.max(0, Math.round(o.v / 10) + 5)) === x &&
          Math.min(60, Math.max(0, Math.round(o.s * 10) + 30)) === y,
      );
      expect(inCell.length).toBeGreaterThanOrEqual(20);
      expect(p).toBeCloseTo((100 * inCell.filter((o) => o.f! > 0).length) / inCell.length, 3);
    }
    expect(api.spy_to_vix_prob_positive.data['5d'].length).toBeGreaterThan(20);
  });

  it('rejects unknown parameters with a 400 naming them', async () => {
    const res = await fx.api.getUnchecked('get_spy_to_vix_data', { period: '5d' });
    expect(res.status).toBe(400);
    expect((res.body as { alert_message: string }).alert_message).toContain("'period'");
  });
});
