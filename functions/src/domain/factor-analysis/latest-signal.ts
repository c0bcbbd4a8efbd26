import { horizonStats, passesQuality } from './quality.ts';
import type { FactorSignal, HorizonStats, TradeStats } from './types.ts';

/** The latest-signal panel as it stood on the signal's date: nothing after that date enters it. */
export interface LatestSignal {
  /** Bar index of the latest signal. */
  index: number;
  /** The walk-forward period chosen at it; null = not enough history. */
  period: number | null;
  /**
   * The walk-forward trades whose exit bar lay strictly before the signal bar (the same rule the
   * period choice uses): the record the quality rule judges. horizon = period (trades' own periods vary).
   */
  record: TradeStats;
  passesQuality: boolean;
  /**
   * Expected return of the period shown: the earlier signals held exactly `period` bars whose exit
   * lay before the signal bar, the figures the walk-forward compared when it chose the period.
   * Known on the signal's date (no own outcome, nothing later); null without a period.
   */
  expected: HorizonStats | null;
}

/**
 * The panel of signal `k`: `idx` are the signals' bar indices, `entryOffset` the bars from a signal
 * to its entry. A trade at horizon h of signal j exits at idx[j] + entryOffset + h.
 */
export function latestSignalAt(
  signals: readonly FactorSignal[],
  idx: readonly number[],
  k: number,
  entryOffset: number,
): LatestSignal {
  const at = idx[k]!;
  const period = signals[k]!.period;
  const exited = (j: number, h: number) => idx[j]! + entryOffset + h < at;
  const record: number[] = [];
  const held: number[] = [];
  for (let j = 0; j < k; j++) {
    const s = signals[j]!;
    if (s.period !== null && s.outcome !== null && exited(j, s.period)) record.push(s.outcome);
    const r = period === null ? null : (s.forward[period] ?? null);
    if (period !== null && r !== null && exited(j, period)) held.push(r);
  }
  const stats: TradeStats = { ...horizonStats(0, record), horizon: period };
  return {
    index: at,
    period,
    record: stats,
    passesQuality: passesQuality(stats),
    expected: period === null ? null : horizonStats(period, held),
  };
}
