import type { FactorAnalysisData, PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFactorAnalysisData, evaluateFactor, FACTOR_IDS, HORIZONS, PREDICTION_WINDOW, toWeekly } from './index.ts';
import type { FactorInputs, Timeframe } from './index.ts';
import { cutAt, randomTicker, tickerArb } from './testing/random-ticker.ts';

/** The response, or null for the empty one (no signals). */
function respond(inputs: FactorInputs, factor: (typeof FACTOR_IDS)[number], timeframe: Timeframe) {
  const d = buildFactorAnalysisData('X', factor, timeframe, inputs.bars, evaluateFactor(factor, timeframe, inputs));
  return 'ticker' in d ? (d as FactorAnalysisData) : null;
}

/** The latest-signal panel: every field about the latest signal. */
const panelOf = (d: FactorAnalysisData) => ({
  passes_quality: d.passes_quality,
  last_signal_status: d.last_signal_status,
  last_signal_data: d.last_signal_data,
  prediction: d.predictions_data.prediction,
});

const COVERED = [
  'as_of',
  'cumulative_returns_data',
  'entry',
  'factor',
  'factor_statistics_data',
  'horizons',
  'in_sample',
  'last_signal_data',
  'last_signal_status',
  'out_of_sample',
  'passes_quality',
  'past_signals_data',
  'past_signals_return_hist_data',
  'past_signals_returns_data',
  'predictions_data',
  'ticker',
  'timeframe',
];

const rowsOf = (d: FactorAnalysisData): PastSignalRow[] => JSON.parse(d.past_signals_data);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The response of a cut (the data a user had on that date) against the full history's:
 * every field is either what the page showed on the latest signal's date (the panel) or the
 * full history's per-signal facts with everything not yet known on the cut date left out.
 */
describe('no look-ahead in any field of the single-stock response', () => {
  it('at random cuts, the panel is the one shown on the signal date and every series is the full one masked to the cut', () => {
    let panels = 0;
    let okPanels = 0;
    let withPeriod = 0;
    fc.assert(
      fc.property(tickerArb, ({ seed, n, withOpens, cut }) => {
        const full = randomTicker(seed, n, withOpens);
        for (const timeframe of ['daily', 'weekly'] as Timeframe[]) {
          const bars = timeframe === 'weekly' ? toWeekly(full.bars) : full.bars;
          const dates = bars.map((b) => b.date);
          const cutIdx = Math.floor(cut * (dates.length - 1));
          const cutDate = dates[cutIdx]!;
          const part = cutAt(full, cutDate);
          for (const factor of FACTOR_IDS) {
            const da = respond(full, factor, timeframe);
            const db = respond(part, factor, timeframe);
            if (db === null) continue;
            if (da === null) throw new Error('a cut has signals the full history lacks');
            const rowsB = rowsOf(db);
            const lastDate = rowsB[0]!.date;

            // The panel: as the page showed it on the latest signal's own date, not one field moved
            // since; its record and expected return too, shown or not (the quality rule hides most).
            const onDate = cutAt(full, lastDate);
            const onSignalDate = respond(onDate, factor, timeframe);
            if (onSignalDate === null) throw new Error('no response on the signal date');
            expect(panelOf(db)).toEqual(panelOf(onSignalDate));
            const latest = evaluateFactor(factor, timeframe, part).latest!;
            expect(latest).toEqual(evaluateFactor(factor, timeframe, onDate).latest);
            panels++;
            if (latest.expected !== null) withPeriod++;
            if (db.last_signal_status === 'ok') okPanels++;

            // Past signals: the full rows up to the cut, each forward return only once its exit bar is reached.
            const idx = (d: string) => dates.indexOf(d);
            const known = (date: string, h: number) => idx(date) + 1 + h <= cutIdx;
            const rowsA = rowsOf(da).filter((r) => r.date <= cutDate);
            expect(rowsB).toEqual(
              rowsA.map((r) => {
                const out: PastSignalRow = { ...r };
                for (const h of HORIZONS[timeframe]) if (!known(r.date, h)) out[`fwd_ret_${h}`] = null;
                out.outcome = r.period !== null && known(r.date, r.period) ? r.outcome : null;
                return out;
              }),
            );

            // Trades and their histogram: the finished ones among those rows, oldest first.
            const trades = [...rowsB].reverse().filter((r) => r.outcome !== null);
            expect(db.past_signals_returns_data).toEqual({
              dates: trades.map((r) => r.date),
              periods: trades.map((r) => r.period),
              returns: trades.map((r) => r.outcome),
            });
            const hist = db.past_signals_return_hist_data;
            expect(hist.counts.reduce((a, b) => a + b, 0)).toBe(trades.length);

            // Out-of-sample summary: the same trades; signals without a period; open trades.
            const oos = db.out_of_sample;
            expect(oos.trades).toBe(trades.length);
            if (trades.length) expect(oos.mean!).toBeCloseTo(mean(trades.map((r) => r.outcome!)), 3);
            expect(oos.not_enough_history).toBe(rowsB.filter((r) => r.period === null).length);
            expect(oos.pending).toBe(rowsB.filter((r) => r.period !== null && r.outcome === null).length);
            expect(oos.period).toBe(rowsB[0]!.period);

            // Descriptive statistics per horizon: of the forward returns known on the cut date.
            const stats = JSON.parse(db.factor_statistics_data) as Record<string, number | string>[];
            for (const h of HORIZONS[timeframe]) {
              const rs = rowsB.flatMap((r) => (r[`fwd_ret_${h}`] === null ? [] : [r[`fwd_ret_${h}`]!]));
              expect(stats[0]![`fwd_ret_${h}`]).toBe(rs.length);
              if (rs.length) expect(stats[1]![`fwd_ret_${h}`] as number).toBeCloseTo(mean(rs), 3);
            }
            // The in-sample (hindsight) pick is one of those horizons with its own count of trades.
            if (db.in_sample.period !== null) {
              expect(db.in_sample.trades).toBe(stats[0]![`fwd_ret_${db.in_sample.period}`]);
            }

            // Curves: the full curves' prefix.
            const len = db.cumulative_returns_data.dates.length;
            expect(len).toBe(cutIdx + 1);
            for (const key of ['dates', 'signals', 'buy_and_hold'] as const) {
              expect(db.cumulative_returns_data[key]).toEqual(da.cumulative_returns_data[key].slice(0, len));
            }

            // Prediction chart: the last window of bars up to the cut and the signals among them.
            const from = Math.max(0, cutIdx + 1 - PREDICTION_WINDOW[timeframe]);
            expect(db.predictions_data.dates).toEqual(dates.slice(from, cutIdx + 1));
            expect(db.predictions_data.prices).toEqual(bars.slice(from, cutIdx + 1).map((b) => b.close));
            expect(db.predictions_data.signal_dates).toEqual(
              rowsA
                .map((r) => r.date)
                .filter((d) => d >= dates[from]!)
                .reverse(),
            );
            expect([db.ticker, db.factor, db.timeframe, db.entry, db.as_of]).toEqual([
              'X',
              factor,
              timeframe,
              da.entry,
              cutDate,
            ]);
            expect(db.horizons).toEqual(da.horizons);
            // Every field is covered above: a new one must be added here, with its own rule.
            expect(Object.keys(db).sort()).toEqual(COVERED);
          }
        }
      }),
      { numRuns: 12, seed: 20261127 },
    );
    // Not vacuous (fixed seed: 111 panels, 22 with a period and an expected return, 2 shown).
    expect(panels).toBeGreaterThan(100);
    expect(withPeriod).toBeGreaterThan(20);
    expect(okPanels).toBeGreaterThan(1);
  });
});
