// Options Flow Dashboard sizes (schemas/flow-dashboard.ts holds the wire shapes).
// No zod here: the web imports these without the validation library.

export const DASHBOARD_INDICES = ['SPY', 'QQQ', 'IWM'] as const;
/** Bubbles per largest-flow chart. */
export const LARGEST_FLOW_BUBBLES = 30;
export const WEEK_DAYS = 5;
/** The "over average" charts compare the day with the mean of the 20 days with flow before it. */
export const OVER_AVG_DAYS = 20;
/** A ticker needs flow on at least this many of those 20 days to be ranked (a first-ever trade is no surge). */
export const OVER_AVG_MIN_DAYS = 5;
export const OVER_AVG_TICKERS = 10;
export const HIGH_OI_LEAPS_ROWS = 50;
