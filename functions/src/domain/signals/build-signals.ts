import type { SignalRow, SignalSector } from '@tapewatch/shared/schemas/signals';
import { SIGNAL_TIMEFRAMES } from '@tapewatch/shared/schemas/signals';

type FactorId = SignalRow['factor'];
type Timeframe = SignalRow['timeframe'];

/**
 * The part of the factor module's FactorEvaluation a signal row needs (structurally compatible):
 * the out-of-sample (walk-forward) trades, whose horizon is the period chosen at the latest signal
 * (null = not enough history), exactly what the single-stock page shows as its last signal.
 */
export interface SignalEvaluation {
  outOfSample: { horizon: number | null; mean: number; profitable_pct: number; profit_loss_ratio: number | null };
  passesQuality: boolean;
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
 * (its last bar is the as-of date too, so a stale series never yields a row) and whose past
 * out-of-sample trades pass the factor module's quality rule. The walk-forward period of the latest
 * signal is the row's period; the out-of-sample trades give expected return (their mean, in percent
 * like the factor module's), profitable % and profit/loss ratio.
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
      const oos = ev.outOfSample;
      if (!ev.passesQuality || oos.horizon === null || ev.lastBarDate !== asOf || ev.lastSignalDate !== asOf) continue;
      if (!Number.isFinite(oos.mean) || !Number.isFinite(oos.profitable_pct)) continue;
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
