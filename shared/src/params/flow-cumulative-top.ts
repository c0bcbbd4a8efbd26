// Cumulative Stats and Top Premiums lookbacks (schemas/flow-cumulative-top.ts validates the query).
// No zod here: the web imports these without the validation library.

/**
 * Cumulative Stats and Top Premiums wire shapes (spec part 2 sections 2.6, 2.7, 3, 7.2 and 9).
 * Premiums are cost_basis sums in THOUSANDS of dollars, like the trades.
 *
 * "Lookback N" = the last N trading days with flow, counting today's partial session when it has
 * started: the screens show what has happened so far, and "1 day" during the session means today.
 */
export const CUMULATIVE_LOOKBACK = { min: 2, max: 40, default: 20 } as const;
export const BY_STRIKE_LOOKBACK = { min: 1, max: 40, default: 20 } as const;
export const TOP_PREMIUMS_LOOKBACKS = ['1', '5', '10', '20', '40', '60', '100'] as const;
export const TOP_PREMIUMS_DEFAULT_LOOKBACK = '20';
