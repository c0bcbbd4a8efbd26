import { describe, expect, it } from 'vitest';
import type { FactorAnalysisData } from '@tapewatch/shared/schemas/factor-analysis';
import momentum from '../test/aapl-momentum-weekly.fixture.json' with { type: 'json' };
import uptrend from '../test/aapl-uptrend-weekly.fixture.json' with { type: 'json' };
import {
  comparisonView,
  cumulativeTable,
  futureDates,
  hasData,
  lastSignalText,
  predictionView,
  returnsTable,
  statisticsView,
} from './reshape.ts';

const good = momentum as FactorAnalysisData;
const failing = uptrend as FactorAnalysisData;

describe('factor analysis reshaping', () => {
  it('data is present only for a non-empty object', () => {
    expect(hasData({})).toBe(false);
    expect(hasData(undefined)).toBe(false);
    expect(hasData(good)).toBe(true);
  });

  it('last signal text states date, out-of-sample return, period and profit/loss; the quality failure wording and why', () => {
    const s = good.last_signal_data as Extract<FactorAnalysisData['last_signal_data'], { date: string }>;
    expect(good.last_signal_status).toBe('ok');
    // The fixture (AAPL momentum weekly): the panel as known on 2023-09-01, not the record at the last bar.
    expect(s).toMatchObject({ expected_ret: 11.0249, signals: 25, record_trades: 14, record_profitable_pct: 64.29 });
    expect(s.record_trades).not.toBe(good.out_of_sample.trades);
    expect(lastSignalText(good)).toBe(
      `Last Momentum signal for AAPL on ${s.date}: expected return +11.02% over 26 weeks, the mean of the 25 earlier signals held 26 weeks that had finished by then (76.0% profitable, profit/loss ratio 1.59). Walk-forward record on that date: 64.3% of 14 trades profitable.`,
    );
    expect(lastSignalText({ ...good, last_signal_data: { ...s, profit_loss: '-' } })).not.toContain('profit/loss');
    expect(failing.last_signal_status).toBe('not_enough_history');
    expect(lastSignalText(failing)).toBe(
      'Past signals for AAPL for the New Uptrend factor do not meet quality requirements. Not enough history: when the last signal fired, no horizon had 10 earlier trades that had finished.',
    );
    expect(lastSignalText({ ...failing, last_signal_status: 'fails_quality' })).toBe(
      'Past signals for AAPL for the New Uptrend factor do not meet quality requirements.',
    );
  });

  it('comparison: in-sample beside out-of-sample, blanks without trades, the period of the latest signal', () => {
    const v = comparisonView(good);
    expect(v.columns).toEqual(['In-sample (hindsight)', 'Out-of-sample (walk-forward)']);
    const cells = Object.fromEntries(v.rows.map((r) => [r.label, r.cells]));
    const a = good.in_sample;
    const b = good.out_of_sample;
    expect(cells.Period).toEqual([`${a.period}W`, `${b.period}W`]);
    expect(cells.Trades).toEqual([String(a.trades), String(b.trades)]);
    expect(cells['Expected %']).toEqual([`${a.mean!.toFixed(2)}%`, `${b.mean!.toFixed(2)}%`]);
    expect(cells['Profitable %']).toEqual([`${a.profitable_pct!.toFixed(2)}%`, `${b.profitable_pct!.toFixed(2)}%`]);
    expect(cells['Cumulative return']).toEqual([`${a.cumulative_pct.toFixed(2)}%`, `${b.cumulative_pct.toFixed(2)}%`]);
    // Hindsight flatters: the in-sample profitable % of this fixture is above the walk-forward one.
    expect(a.profitable_pct!).toBeGreaterThan(b.profitable_pct!);
    const none = Object.fromEntries(comparisonView(failing).rows.map((r) => [r.label, r.cells[1]]));
    expect(none).toMatchObject({
      Period: 'Not enough history',
      Trades: '0',
      'Expected %': '',
      'Profitable %': '',
      'Profit/Loss Ratio': '',
    });
  });

  it('returns table: each out-of-sample trade with its own period', () => {
    const t = returnsTable(good);
    const r = good.past_signals_returns_data;
    expect(t.columns).toEqual(['Period', 'Return']);
    expect(t.rows).toHaveLength(good.out_of_sample.trades);
    expect(t.rows[0]).toEqual({
      key: r.dates[0],
      label: r.dates[0],
      cells: [`${r.periods[0]}W`, `${r.returns[0]!.toFixed(2)}%`],
    });
  });

  it('statistics: one column per horizon, a - profit/loss ratio is blank and an all-- row is hidden', () => {
    const v = statisticsView(good);
    expect(v.columns).toEqual(['1W', '2W', '4W', '8W', '12W', '26W', '52W']);
    expect(v.rows.map((r) => r.label)).toEqual(['Count', 'Mean %', 'Median %', 'Profitable %', 'Profit/Loss Ratio']);
    const rows = [
      { index: 'count', fwd_ret_1: 2 },
      { index: 'mean', fwd_ret_1: 1.234 },
      { index: 'median', fwd_ret_1: 1 },
      { index: 'profitable_pct', fwd_ret_1: 100 },
      { index: 'profit_loss_ratio', fwd_ret_1: '-' },
    ];
    const one = { ...good, horizons: [1], factor_statistics_data: JSON.stringify(rows) };
    expect(statisticsView(one).rows.map((r) => [r.label, ...r.cells])).toEqual([
      ['Count', '2'],
      ['Mean %', '1.23'],
      ['Median %', '1.00'],
      ['Profitable %', '100.00'],
    ]);
    const two = {
      ...one,
      horizons: [1, 2],
      factor_statistics_data: JSON.stringify(
        rows.map((r) => ({ ...r, fwd_ret_2: r.index === 'profit_loss_ratio' ? 1.5 : 1 })),
      ),
    };
    expect(statisticsView(two).rows.at(-1)!.cells).toEqual(['', '1.50']);
  });

  it('prediction: % from the last signal close, paths interpolated up to the target date', () => {
    const d: FactorAnalysisData = {
      ...good,
      predictions_data: {
        dates: ['2024-01-05', '2024-01-12', '2024-01-19'],
        prices: [100, 110, 105],
        signal_dates: ['2024-01-12'],
        prediction: { dates: ['2024-01-12', '2024-02-02'], expected: [110, 121], median: [110, 115.5] },
      },
    };
    const v = predictionView(d);
    // Weekly bars continue every 7 days up to the target: 01-26 sits between 01-19 and 02-02.
    expect(v.dates).toEqual(['2024-01-05', '2024-01-12', '2024-01-19', '2024-01-26', '2024-02-02']);
    expect(v.series[0]!.values).toEqual([-9.09, 0, -4.55, null, null]);
    expect(v.series[1]!.values).toEqual([null, 0, 3.33, 6.67, 10]);
    expect(v.series[2]!.values).toEqual([null, 0, 1.67, 3.33, 5]);
    expect(futureDates('2024-03-08', '2024-03-13', 'daily')).toEqual(['2024-03-11', '2024-03-12', '2024-03-13']);
  });

  it('cumulative table samples about 60 rows and keeps the last', () => {
    const t = cumulativeTable(good);
    const c = good.cumulative_returns_data;
    expect(t.rows.length).toBeLessThanOrEqual(62);
    expect(t.rows.at(-1)).toEqual({
      key: c.dates.at(-1),
      label: c.dates.at(-1),
      cells: [`${c.signals.at(-1)!.toFixed(2)}%`, `${c.buy_and_hold.at(-1)!.toFixed(2)}%`],
    });
  });
});
