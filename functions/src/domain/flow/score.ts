import type { Fill } from '@tapewatch/shared/schemas/flow';
import {
  SCORE_DTE,
  SCORE_FILL_WEIGHTS,
  SCORE_PREMIUM_FLOOR_USD,
  SCORE_TYPE_WEIGHTS,
  SCORE_WEIGHTS,
} from '@tapewatch/shared/flow/score';

export interface ScoreInput {
  premiumUsd: number;
  size: number;
  openInterest: number;
  fill: Fill;
  activityType: string;
  dte: number;
}

const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** The components of the score, each 0-1 (formula and weights: shared/src/flow/score.ts). */
export function scoreComponents(i: ScoreInput): Record<keyof typeof SCORE_WEIGHTS, number> {
  const type = i.activityType.toLowerCase();
  return {
    premium: clamp01(Math.log10(Math.max(i.premiumUsd, 1) / SCORE_PREMIUM_FLOOR_USD) / 2),
    opening: clamp01(i.size / Math.max(i.openInterest, 1)),
    aggressor: SCORE_FILL_WEIGHTS[i.fill],
    urgency:
      type === 'sweep'
        ? SCORE_TYPE_WEIGHTS.Sweep
        : type === 'block'
          ? SCORE_TYPE_WEIGHTS.Block
          : SCORE_TYPE_WEIGHTS.other,
    expiry: clamp01(1 - (i.dte - SCORE_DTE.full) / (SCORE_DTE.zero - SCORE_DTE.full)),
  };
}

export function flowScore(i: ScoreInput): number {
  const c = scoreComponents(i);
  let s = 0;
  for (const k of Object.keys(SCORE_WEIGHTS) as Array<keyof typeof SCORE_WEIGHTS>) s += SCORE_WEIGHTS[k] * c[k];
  return Math.round(s * 10_000) / 10_000;
}
