export type {
  DailyBar,
  EntryPrice,
  FactorEvaluation,
  FactorId,
  FactorInputs,
  FactorSignal,
  HorizonStats,
  Timeframe,
  TradeStats,
} from './types.ts';
export { betterScore, chooseHorizon, walkForwardPeriods, WALK_FORWARD_MIN_PAST } from './walk-forward.ts';
export type { EvaluateOptions } from './evaluate.ts';
export { FACTORS, FACTOR_IDS, FACTOR_PARAMS, factorCondition } from './definitions.ts';
export {
  HORIZONS,
  QUALITY_MIN_PROFITABLE_PCT,
  QUALITY_MIN_SIGNALS,
  entryPriceOf,
  evaluateFactor,
  priceAt,
  horizonStats,
  median,
  passesQuality,
  pickBest,
} from './evaluate.ts';
export { alignBenchmark, alignToBars, risingEdges, roc, sma, toWeekly, weekKey } from './series.ts';
export {
  buildFactorAnalysisData,
  cumulativeReturns,
  histogram,
  projectDates,
  PREDICTION_WINDOW,
} from './analysis-data.ts';
