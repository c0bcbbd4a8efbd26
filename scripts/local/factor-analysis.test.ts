import { describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { TimeSeriesRepository, totalReturnCloses } from '@tapewatch/functions/data/timeseries-repository';
import {
  factorAnalysisData,
  type FactorStatisticsRow,
  type PastSignalRow,
} from '@tapewatch/shared/schemas/factor-analysis';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

/** Stored total-return closes, with signals recomputed here without the app's code. */
async function stored(ticker: string) {
  const s = await new TimeSeriesRepository(documentClient()).getSeries(ticker, 0);
  const closes = totalReturnCloses(s);
  return { dates: s.date, closes };
}

describe('GET /api/get_factor_analysis_data', () => {
  it('momentum / daily for SPY: signals, forward returns and statistics match the stored closes', async () => {
    const { status, text } = await api.get('get_factor_analysis_data', {
      ticker: 'spy',
      factor: 'momentum',
      timeframe: 'daily',
    });
    expect(status).toBe(200);
    expect(text).not.toMatch(/NaN|Infinity/);
    const d = factorAnalysisData.parse(JSON.parse(text));
    const { dates, closes } = await stored('SPY');
    expect(d).toMatchObject({
      ticker: 'SPY',
      factor: 'momentum',
      timeframe: 'daily',
      as_of: dates.at(-1),
      horizons: [1, 5, 10, 20, 40, 60, 120],
    });

    // Momentum: 20-bar ROC rises above +10% (true now, false on the previous bar).
    const roc = (i: number) => (i >= 20 ? (closes[i]! / closes[i - 20]! - 1) * 100 : null);
    const expectedDates: string[] = [];
    for (let i = 21; i < closes.length; i++) if (roc(i)! > 10 && roc(i - 1)! <= 10) expectedDates.push(dates[i]!);
    const past = JSON.parse(d.past_signals_data) as PastSignalRow[];
    expect(past.map((r) => r.date)).toEqual([...expectedDates].reverse());
    expect(past.length).toBeGreaterThan(5);

    // Trades fill at the next bar's open (adjusted by that day's total-return factor) and exit at the open h bars later.
    const s = await new TimeSeriesRepository(documentClient()).getSeries('SPY', 0);
    const open = (k: number) => s.open[k]! * (closes[k]! / s.close[k]!);
    expect(d.entry).toBe('next_open');
    const oldest = past.at(-1)!;
    const i = dates.indexOf(oldest.date);
    expect(oldest.close).toBe(closes[i]);
    expect(oldest.fwd_ret_20).toBeCloseTo((open(i + 21) / open(i + 1) - 1) * 100, 3);
    expect(past[0]!.fwd_ret_120 === null || dates.indexOf(past[0]!.date) + 120 < dates.length).toBe(true);

    const stats = JSON.parse(d.factor_statistics_data) as FactorStatisticsRow[];
    const known = past.map((r) => r.fwd_ret_5).filter((v): v is number => v !== null);
    expect(stats[0]!.fwd_ret_5).toBe(known.length);
    expect(stats[1]!.fwd_ret_5).toBeCloseTo(known.reduce((a, b) => a + b, 0) / known.length, 2);
    expect(stats[3]!.fwd_ret_5).toBeCloseTo((100 * known.filter((v) => v > 0).length) / known.length, 1);

    // The returns chart holds the walk-forward trades: each signal at the period chosen at it.
    const trades = past.filter((r) => r.outcome !== null).reverse();
    expect(d.past_signals_returns_data.dates).toEqual(trades.map((r) => r.date));
    expect(d.past_signals_returns_data.periods).toEqual(trades.map((r) => r.period));
    expect(d.past_signals_returns_data.returns).toEqual(trades.map((r) => r[`fwd_ret_${r.period!}`]));
    expect(d.out_of_sample.trades).toBe(trades.length);
    expect(d.past_signals_return_hist_data.counts.reduce((a, b) => a + b, 0)).toBe(
      d.past_signals_returns_data.returns.length,
    );
    expect(d.cumulative_returns_data.buy_and_hold.at(-1)).toBeCloseTo((closes.at(-1)! / closes[0]! - 1) * 100, 1);
    const h = d.out_of_sample.period;
    if (d.passes_quality)
      expect(d.last_signal_data).toMatchObject({
        date: expectedDates.at(-1),
        period: h,
        period_unit: 'days',
      });
    // The last signal's record: the walk-forward trades finished by its date, no later one.
    if ('record_trades' in d.last_signal_data)
      expect(d.last_signal_data.record_trades).toBeLessThanOrEqual(trades.length);
    else expect(d.last_signal_data).toEqual({});
  });

  it('weekly bars are the last trading day of each week; the answer is cached by parameters', async () => {
    const first = await api.get('get_factor_analysis_data', {
      ticker: 'AAPL',
      factor: 'new_high',
      timeframe: 'weekly',
    });
    const d = factorAnalysisData.parse(JSON.parse(first.text));
    expect(d.horizons).toEqual([1, 2, 4, 8, 12, 26, 52]);
    const { dates } = await stored('AAPL');
    const fridays = new Set(
      dates.filter(
        (x, k) =>
          k === dates.length - 1 ||
          new Date(`${dates[k + 1]}T00:00:00Z`).getUTCDay() <= new Date(`${x}T00:00:00Z`).getUTCDay() ||
          Date.parse(dates[k + 1]!) - Date.parse(x) > 3 * 86_400_000,
      ),
    );
    const past = JSON.parse(d.past_signals_data) as PastSignalRow[];
    expect(past.length).toBeGreaterThan(0);
    for (const r of past) expect(fridays.has(r.date)).toBe(true);
    const again = await api.get('get_factor_analysis_data', {
      ticker: 'AAPL',
      factor: 'new_high',
      timeframe: 'weekly',
    });
    expect(again.text).toBe(first.text);
    const daily = factorAnalysisData.parse(
      JSON.parse(
        (await api.get('get_factor_analysis_data', { ticker: 'AAPL', factor: 'new_high', timeframe: 'daily' })).text,
      ),
    );
    expect(daily.timeframe).toBe('daily');
  });

  it('every factor answers for SPY in both timeframes (data or {})', async () => {
    for (const factor of [
      'uptrend',
      'sustained_momentum',
      'relative_strength',
      'filtered_momentum',
      'roc_curve',
      'dark_pools',
    ] as const) {
      for (const timeframe of ['daily', 'weekly'] as const) {
        const { status, text } = await api.get('get_factor_analysis_data', { ticker: 'SPY', factor, timeframe });
        expect(status, `${factor} ${timeframe}`).toBe(200);
        const body = JSON.parse(text) as object;
        if (Object.keys(body).length) factorAnalysisData.parse(body);
      }
    }
  });

  it('rejects unknown factors, timeframes and parameters with a 400 naming them; unknown tickers are 404', async () => {
    const bad = await api.getUnchecked('get_factor_analysis_data', {
      ticker: 'SPY',
      factor: 'value',
      timeframe: 'daily',
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({
      alert_show: true,
      alert_message: expect.stringContaining("'factor'"),
    });
    const tf = await api.getUnchecked('get_factor_analysis_data', {
      ticker: 'SPY',
      factor: 'momentum',
      timeframe: 'monthly',
    });
    expect(tf.status).toBe(400);
    expect(tf.text).toContain("'timeframe'");
    expect(
      (
        await api.getUnchecked('get_factor_analysis_data', {
          ticker: 'SPY',
          factor: 'momentum',
          timeframe: 'daily',
          extra: '1',
        })
      ).status,
    ).toBe(400);
    const unknown = await api.get('get_factor_analysis_data', {
      ticker: 'ZZZZZ',
      factor: 'momentum',
      timeframe: 'daily',
    });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text).alert_message).toContain('ZZZZZ');
  });
});
