import { FACTOR_RULES } from '@tapewatch/shared/params/factor-analysis';

/**
 * Walk-forward horizon choice. At each signal the horizon is chosen from the outcomes known
 * before that signal's bar only (an expanding window): a past trade at horizon h counts once its
 * exit bar lies strictly before the signal bar. Without WALK_FORWARD_MIN_PAST known outcomes at
 * any horizon the signal has no period ("not enough history") and is not traded.
 */
export const WALK_FORWARD_MIN_PAST = FACTOR_RULES.minPast;

/** What the choice compares; HorizonStats has these fields. */
export interface HorizonScore {
  horizon: number;
  count: number;
  mean: number;
  profitable_pct: number;
}

/** The ranking shared by the in-sample and walk-forward picks: higher profitable %, then higher mean, then the shorter horizon. */
export function betterScore(a: HorizonScore, b: HorizonScore | null): boolean {
  return (
    b === null || a.profitable_pct > b.profitable_pct || (a.profitable_pct === b.profitable_pct && a.mean > b.mean)
  );
}

/** The best of the horizons (ascending) with at least `minCount` outcomes; null when none has enough. */
export function chooseHorizon(scores: readonly HorizonScore[], minCount: number): HorizonScore | null {
  let best: HorizonScore | null = null;
  for (const s of scores) if (s.count >= minCount && betterScore(s, best)) best = s;
  return best;
}

export interface WalkForwardInput {
  /** Bar index of each signal, ascending. */
  signalIdx: readonly number[];
  /** Bars from the signal bar to the entry bar. */
  entryOffset: number;
  horizons: readonly number[];
  /** forward[k][j] = return (percent) of signal k at horizons[j]; null when unknown. */
  forward: readonly (readonly (number | null)[])[];
  minPast?: number;
}

/**
 * The period chosen at each signal (null = not enough history). Signals are ascending and every
 * exit is signal + offset + h, so each horizon's outcomes become known in signal order: one
 * pointer per horizon and running sums keep this linear in the number of signals.
 */
export function walkForwardPeriods({
  signalIdx,
  entryOffset,
  horizons,
  forward,
  minPast = WALK_FORWARD_MIN_PAST,
}: WalkForwardInput): (number | null)[] {
  const next = horizons.map(() => 0);
  const count = horizons.map(() => 0);
  const sum = horizons.map(() => 0);
  const gains = horizons.map(() => 0);
  return signalIdx.map((at) => {
    const scores = horizons.map((h, j) => {
      while (next[j]! < signalIdx.length && signalIdx[next[j]!]! + entryOffset + h < at) {
        const r = forward[next[j]!]![j] ?? null;
        if (r !== null) {
          count[j]!++;
          sum[j]! += r;
          if (r > 0) gains[j]!++;
        }
        next[j]!++;
      }
      const n = count[j]!;
      return { horizon: h, count: n, mean: n ? sum[j]! / n : 0, profitable_pct: n ? (gains[j]! / n) * 100 : 0 };
    });
    return chooseHorizon(scores, minPast)?.horizon ?? null;
  });
}
