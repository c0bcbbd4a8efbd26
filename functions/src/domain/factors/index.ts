export type {
  DailyBar,
  FactorEvaluation,
  FactorId,
  FactorInputs,
  FactorSignal,
  HorizonStats,
  Timeframe,
} from './types.ts';
export { FACTORS, FACTOR_IDS, FACTOR_PARAMS, factorCondition } from './definitions.ts';
export {
  BEST_RULE,
  HORIZONS,
  QUALITY_MIN_PROFITABLE_PCT,
  QUALITY_MIN_SIGNALS,
  QUALITY_RULE,
  evaluateFactor,
  horizonStats,
  median,
  passesQuality,
  pickBest,
} from './evaluate.ts';
export { alignBenchmark, alignToBars, risingEdges, roc, sma, toWeekly, weekKey } from './series.ts';
export { buildFactorAnalysisData, cumulativeReturns, histogram, projectDates, PREDICTION_WINDOW } from './analysis-data.ts';
