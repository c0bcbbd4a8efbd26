import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import { FACTOR_IDS, weekKey } from '@tapewatch/functions/domain/factor-analysis/index';
import { TimeSeriesRepository, totalReturnCloses } from '@tapewatch/functions/data/timeseries-repository';
import { factorAnalysisData, type PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import type { QueryOf } from '@tapewatch/shared/api/routes';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const fx = useIntegrationRuntime();
// The runtime runs in this process, so the demo clock reads this variable on every request.
afterEach(() => {
  delete process.env.TAPEWATCH_DEMO_AS_OF;
});

const get = async (query: QueryOf<'get_factor_analysis_data'>) => {
  const res = await fx.api.get('get_factor_analysis_data', query);
  expect(res.status).toBe(200);
  return factorAnalysisData.parse(res.body);
};

// A Friday well inside the stored history and inside the year of FINRA short volume (Dark Pools).
const CUT = '2023-10-13';

describe("factor analysis is cut at the clock's today (like the signals job, clusters and ARIMA)", () => {
  it('momentum / daily: no bar, signal or forward return after the clock date', async () => {
    const full = await get({ ticker: 'SPY', factor: 'momentum', timeframe: 'daily' });
    expect(full.as_of > CUT).toBe(true);

    process.env.TAPEWATCH_DEMO_AS_OF = CUT;
    const d = await get({ ticker: 'SPY', factor: 'momentum', timeframe: 'daily' });
    expect(d.as_of).toBe(CUT);
    expect(d.predictions_data.dates.at(-1)).toBe(CUT);
    expect(d.cumulative_returns_data.dates.at(-1)).toBe(CUT);
    const s = await new TimeSeriesRepository(documentClient()).getSeries('SPY', 0);
    const closes = totalReturnCloses(s);
    const cut = s.date.indexOf(CUT);
    expect(d.cumulative_returns_data.buy_and_hold.at(-1)).toBeCloseTo((closes[cut]! / closes[0]! - 1) * 100, 1);
    const past = JSON.parse(d.past_signals_data) as PastSignalRow[];
    expect(past.length).toBeGreaterThan(0);
    for (const r of past) {
      expect(r.date <= CUT).toBe(true);
      // A forward return whose exit (the next open + 20 bars) lies after the cut is unknown on that date, not read from later data.
      const i = s.date.indexOf(r.date);
      const open = (k: number) => s.open[k]! * (closes[k]! / s.close[k]!);
      if (i + 21 > cut) expect(r.fwd_ret_20).toBeNull();
      else expect(r.fwd_ret_20).toBeCloseTo((open(i + 21) / open(i + 1) - 1) * 100, 3);
    }
  });

  it('dark pools: the position series stops at the clock date too', async () => {
    process.env.TAPEWATCH_DEMO_AS_OF = CUT;
    for (const timeframe of ['daily', 'weekly']) {
      const res = await fx.api.getUnchecked('get_factor_analysis_data', {
        ticker: 'AAPL',
        factor: 'dark_pools',
        timeframe,
      });
      const body = res.body as object;
      // {} (no signal in the shorter history) is a valid answer; data must not reach past the cut.
      if (Object.keys(body).length === 0) continue;
      const d = factorAnalysisData.parse(body);
      expect(d.as_of <= CUT, timeframe).toBe(true);
      for (const r of JSON.parse(d.past_signals_data) as PastSignalRow[]) expect(r.date <= CUT).toBe(true);
    }
  });

  it('no look-ahead through the endpoint: for random tickers, factors and cut dates, the signals up to the cut keep their walk-forward period and trade', async () => {
    const db = documentClient();
    const tickers = (await new DirectoryRepository(db).all()).filter((e) => e.kind === 'stock').map((e) => e.symbol);
    const days = (await new TimeSeriesRepository(db).getSeries('SPY', 0)).date.filter(
      (d) => d >= '2016-01-01' && d <= '2024-03-08',
    );
    // A weekly bar is final on its week's last trading day: weekly cuts fall there.
    const weekEnds = days.filter((d, k) => k === days.length - 1 || weekKey(days[k + 1]!) !== weekKey(d));
    const rows = async (query: string): Promise<PastSignalRow[]> => {
      const body = (await fx.api.getUnchecked('get_factor_analysis_data', query)).body as object;
      return Object.keys(body).length
        ? (JSON.parse(factorAnalysisData.parse(body).past_signals_data) as PastSignalRow[])
        : [];
    };
    let traded = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: tickers.length - 1 }),
        fc.constantFrom(...FACTOR_IDS),
        fc.constantFrom('daily', 'weekly'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (t, factor, timeframe, u) => {
          const dates = timeframe === 'weekly' ? weekEnds : days;
          const cut = dates[Math.floor(u * (dates.length - 1))]!;
          const query = `ticker=${tickers[t]}&factor=${factor}&timeframe=${timeframe}`;
          delete process.env.TAPEWATCH_DEMO_AS_OF;
          const full = (await rows(query)).filter((r) => r.date <= cut);
          process.env.TAPEWATCH_DEMO_AS_OF = cut;
          const part = await rows(query);
          delete process.env.TAPEWATCH_DEMO_AS_OF;
          expect(part.map((r) => [r.date, r.close, r.period])).toEqual(full.map((r) => [r.date, r.close, r.period]));
          part.forEach((r, k) => {
            // Known on the cut date: the same number; unknown then: null, never read from later data.
            if (r.outcome !== null) expect(r.outcome).toBe(full[k]!.outcome);
            for (const [key, v] of Object.entries(r))
              if (key.startsWith('fwd_ret_') && v !== null) expect(v).toBe(full[k]![key as `fwd_ret_${number}`]);
          });
          traded += part.filter((r) => r.period !== null).length;
        },
      ),
      // AAPL momentum daily cut in 2022 is always among the runs, so signals with periods are compared.
      { numRuns: 12, examples: [[tickers.indexOf('AAPL'), 'momentum', 'daily', 0.75]] },
    );
    // The runs must reach signals with a walk-forward period, or the property proves nothing.
    expect(traded).toBeGreaterThan(20);
  });
});
