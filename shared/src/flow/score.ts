/**
 * The flow score: a 0-1 composite of five components, each scaled to 0-1, weighted and summed.
 * The weights and scales are here (not in the domain code) so the page help and the server agree.
 *
 *   premium   0.30 * clamp(log10(premium $ / 10,000) / 2)     ($10K -> 0, $1M and more -> 1)
 *   opening   0.25 * clamp(size / max(open interest, 1))       (size >= open interest -> 1)
 *   aggressor 0.20 * fill weight: Above Ask or Below Bid 1, Ask or Bid 0.7, Mid 0.2
 *   urgency   0.15 * Sweep 1, Block 0.6, other trades 0.3
 *   expiry    0.10 * clamp(1 - (DTE - 7) / 173)                (a week or less -> 1, 180 days or more -> 0)
 *
 * Rounded to 4 decimals; the table shows 2.
 */
export const SCORE_WEIGHTS = { premium: 0.3, opening: 0.25, aggressor: 0.2, urgency: 0.15, expiry: 0.1 } as const;
export const SCORE_FILL_WEIGHTS = { 'Above Ask': 1, 'Below Bid': 1, Ask: 0.7, Bid: 0.7, Mid: 0.2 } as const;
export const SCORE_TYPE_WEIGHTS = { Sweep: 1, Block: 0.6, other: 0.3 } as const;
export const SCORE_PREMIUM_FLOOR_USD = 10_000;
export const SCORE_DTE = { full: 7, zero: 180 } as const;

export const SCORE_HELP = [
  'Score (0 to 1) rates how unusual and conviction-driven a trade looks. It is a weighted sum of five parts, each between 0 and 1:',
  `• Premium (${SCORE_WEIGHTS.premium * 100}%): 0 at $10K, rising with the logarithm of the premium to 1 at $1M or more.`,
  `• Opening size (${SCORE_WEIGHTS.opening * 100}%): trade size divided by open interest, capped at 1 — a trade as large as the open interest is likely a new position.`,
  `• Aggressor (${SCORE_WEIGHTS.aggressor * 100}%): filled above the ask or below the bid 1, at the ask or bid 0.7, at mid 0.2.`,
  `• Urgency (${SCORE_WEIGHTS.urgency * 100}%): sweeps 1, blocks 0.6, other trades 0.3.`,
  `• Expiry (${SCORE_WEIGHTS.expiry * 100}%): a week or less to expiry 1, falling linearly to 0 at 180 days.`,
].join('\n');
