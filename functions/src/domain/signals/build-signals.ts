import type { SignalRow, SignalSector } from '@tapewatch/shared/schemas/signals';
import { SIGNAL_TIMEFRAMES } from '@tapewatch/shared/schemas/signals';

type FactorId = SignalRow['factor'];
type Timeframe = SignalRow['timeframe'];

/** The part of the factor module's FactorEvaluation a signal row needs (structurally compatible). */
export interface SignalEvaluation {
  best: { horizon: number; mean: number; profitable_pct: number; profit_loss_ratio: number | null } | null;
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
 * signals pass the factor module's quality rule. The best horizon gives period, expected return
 * (its mean forward return, in percent like the factor module's), profitable % and profit/loss ratio.
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
      const best = ev.best;
      if (!ev.passesQuality || !best || ev.lastBarDate !== asOf || ev.lastSignalDate !== asOf) continue;
      if (!Number.isFinite(best.mean) || !Number.isFinite(best.profitable_pct)) continue;
      const pl = best.profit_loss_ratio;
      rows.push({
        date: asOf,
        ticker: t.ticker,
        expected_ret: round(best.mean, 4),
        profit_loss_ratio: pl === null || !Number.isFinite(pl) ? null : round(pl, 4),
        'profitable%': round(best.profitable_pct, 2),
        period: best.horizon,
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
