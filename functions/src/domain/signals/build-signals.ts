import { FACTOR_RULES } from '@tapewatch/shared/params/factor-analysis';
import type { SignalRow, SignalSector } from '@tapewatch/shared/schemas/signals';
import { SIGNAL_TIMEFRAMES } from '@tapewatch/shared/schemas/signals';

type FactorId = SignalRow['factor'];
type Timeframe = SignalRow['timeframe'];

/**
 * The part of the factor module's FactorEvaluation a signal row needs (structurally compatible):
 * the latest signal's panel as known on its date, exactly what the single-stock page shows as its
 * last signal. expected = the earlier signals held the chosen period (horizon), finished before it.
 */
export interface SignalEvaluation {
  latest: {
    passesQuality: boolean;
    expected: { horizon: number; mean: number; profitable_pct: number; profit_loss_ratio: number | null } | null;
  } | null;
  lastSignalDate: string | null;
  lastBarDate: string | null;
}

export type EvaluateFactor<I> = (factor: FactorId, timeframe: Timeframe, inputs: I) => SignalEvaluation;

export interface SignalTicker {
  ticker: string;
  sector: SignalSector | null;
  /** Dollars; null when shares outstanding are unknown (ETFs). */
  marketcap: number | null;
}

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * The rows of one ticker: every factor and timeframe whose latest signal fired on the as-of date
 * (its last bar is the as-of date too, so a stale series never yields a row) and whose walk-forward
 * record on that date passes the factor module's quality rule. The walk-forward period of the latest
 * signal is the row's period; the earlier signals held that period give expected return (their mean,
 * in percent like the factor module's), profitable % and profit/loss ratio: the page's panel.
 */
export function signalsForTicker<I>(
  t: SignalTicker,
  inputs: I,
  asOf: string,
  factors: readonly FactorId[],
  evaluate: EvaluateFactor<I>,
): SignalRow[] {
  const rows: SignalRow[] = [];
  for (const factor of factors) {
    for (const timeframe of SIGNAL_TIMEFRAMES) {
      const ev = evaluate(factor, timeframe, inputs);
      const oos = ev.latest?.expected;
      if (!ev.latest?.passesQuality || !oos || ev.lastBarDate !== asOf || ev.lastSignalDate !== asOf) continue;
      if (!Number.isFinite(oos.mean) || !Number.isFinite(oos.profitable_pct)) continue;
      // The record passed quality; the figures the row shows (the period's own trades) must clear the
      // same bar, or the table would list a "signal" whose shown expectation is a loss.
      if (oos.mean <= 0 || oos.profitable_pct < FACTOR_RULES.minProfitablePct) continue;
      const pl = oos.profit_loss_ratio;
      rows.push({
        date: asOf,
        ticker: t.ticker,
        expected_ret: round(oos.mean, 4),
        profit_loss_ratio: pl === null || !Number.isFinite(pl) ? null : round(pl, 4),
        'profitable%': round(oos.profitable_pct, 2),
        period: oos.horizon,
        timeframe,
        factor,
        sector: t.sector,
        marketcap: t.marketcap === null ? null : Math.round(t.marketcap),
      });
    }
  }
  return rows;
}

/** Stable order for the snapshot: best expected return first, then ticker, factor, timeframe. */
export function orderSignals(rows: SignalRow[]): SignalRow[] {
  return rows.sort(
    (a, b) =>
      b.expected_ret - a.expected_ret ||
      a.ticker.localeCompare(b.ticker) ||
      a.factor.localeCompare(b.factor) ||
      a.timeframe.localeCompare(b.timeframe),
  );
}
