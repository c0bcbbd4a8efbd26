// Factor Analysis parameters: factors, timeframes, horizons and rules (schemas/factor-analysis.ts validates the query).
// No zod here: the web imports these without the validation library.

/**
 * The factors with their spec labels (part 2 section 2.15) and precise definitions (shown in the
 * page help; the functions domain implements exactly these with the same lookbacks).
 * All lookbacks count bars of the chosen timeframe; weekly bars are the last trading day of each week.
 */
export const FACTOR_DEFINITIONS = [
  {
    id: 'uptrend',
    label: 'New Uptrend',
    definition: 'The 20-bar simple moving average of the close crosses above the 50-bar simple moving average.',
  },
  {
    id: 'sustained_momentum',
    label: 'Sustained Momentum',
    definition: 'The 20-bar rate of change has been positive on 10 consecutive bars (fires on the 10th).',
  },
  { id: 'momentum', label: 'Momentum', definition: 'The 20-bar rate of change rises above +10%.' },
  {
    id: 'relative_strength',
    label: 'Relative Strength',
    definition:
      'The relative-strength line (close divided by the SPY close) crosses above its 50-bar simple moving average.',
  },
  {
    id: 'new_high',
    label: 'New High',
    definition:
      'The close makes a new 52-week high: above the highest close of the previous 252 daily or 52 weekly bars.',
  },
  {
    id: 'filtered_momentum',
    label: 'Filtered Momentum',
    definition:
      'The 20-bar rate of change is above +5% while the close is above its rising 100-bar simple moving average (higher than 5 bars earlier); fires when all three first hold together.',
  },
  {
    id: 'roc_curve',
    label: 'ROC Curve',
    definition:
      'The 10-bar rate of change crosses above its own 10-bar average while still negative: the momentum curve turns up from a trough.',
  },
  {
    id: 'dark_pools',
    label: 'Dark Pools',
    definition:
      'The dark-pool position (net short volume over the last 20 trading days) rises more than 1 standard deviation above its mean of the previous 100 daily or 20 weekly bars.',
  },
] as const;
export type FactorAnalysisFactor = (typeof FACTOR_DEFINITIONS)[number]['id'];
export const factorIds = FACTOR_DEFINITIONS.map((f) => f.id) as [FactorAnalysisFactor, ...FactorAnalysisFactor[]];
export const FACTOR_TIMEFRAMES = ['daily', 'weekly'] as const;
export type FactorTimeframe = (typeof FACTOR_TIMEFRAMES)[number];

/**
 * Walk-forward and quality thresholds (the functions domain applies these; the page help states them).
 * minPast: known outcomes a horizon needs before it can be chosen at a signal. minTrades: with fewer
 * out-of-sample trades one trade moves the profitable % by more than 10 points. minProfitablePct: a
 * margin over a coin flip, so a factor that merely rides the market's drift is not offered as an edge.
 */
export const FACTOR_RULES = { minPast: 10, minTrades: 10, minProfitablePct: 55 } as const;

export const FACTOR_ENTRY_RULE =
  "A trade enters at the open of the bar after the signal (at its close where the data has no opens) and exits at the same price after the period's number of bars, counted from the entry.";
export const FACTOR_BEST_RULE =
  `At each signal the period is chosen walk-forward: among the horizons with at least ${FACTOR_RULES.minPast} trades that had already exited before the signal's date, the one with the highest profitable %, ties broken by the higher mean return. ` +
  'Earlier signals have no period (not enough history) and are not traded.';
export const FACTOR_QUALITY_RULE =
  `A signal is shown when its period could be chosen and the out-of-sample trades that had finished by the signal's date (each earlier signal held for the period chosen at that signal) number at least ${FACTOR_RULES.minTrades}, at least ${FACTOR_RULES.minProfitablePct}% of them profitable, with a positive mean return: ` +
  `fewer trades let a single one move the profitable % by more than 10 points, and ${FACTOR_RULES.minProfitablePct}% asks for a margin over a coin flip. ` +
  "The last signal's Expected % is that of the period shown: the mean return of the earlier signals held exactly that period that had finished by the signal's date (the figures the period was chosen on). Nothing after the signal's date enters the last signal.";
export const FACTOR_IN_SAMPLE_HELP =
  'In-sample picks the horizon that scored best over the whole history, so it already knows how every signal turned out and flatters the factor. ' +
  'Out-of-sample holds each signal only for the period chosen from trades that had finished before it, which is what a trader following the page could have done.';
