export * from './classify.ts';
export * from './score.ts';
export * from './trade.ts';
export * from './most-otm.ts';
export { keyStats, largestPremiums, padPremiums, TOP_PREMIUM_BARS } from '@tapewatch/shared/flow/key-stats';
export { applyFilters, compileFilters, equalTickers } from '@tapewatch/shared/flow/filters';
export { SCORE_HELP } from '@tapewatch/shared/flow/score';
export * from './day-summary.ts';
