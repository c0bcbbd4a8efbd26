import type { UnderlyingDay } from './underlying.ts';

/** Underlyings shaped like the demo universe on 2024-03-08 (closes from the bundle, vols rounded). */
const base = { date: '2024-03-08', drawdown: 0 };
export const SPY: UnderlyingDay = {
  ...base,
  symbol: 'SPY',
  kind: 'etf',
  close: 511.72,
  prevClose: 514.81,
  realisedVol: 0.11,
  longVol: 0.13,
  dollarVolume: 3.5e10,
  rangeLow: 494.35,
  rangeHigh: 514.81,
  vix: 14.74,
};
export const NVDA: UnderlyingDay = {
  ...base,
  symbol: 'NVDA',
  kind: 'stock',
  close: 875.28,
  prevClose: 926.69,
  realisedVol: 0.55,
  longVol: 0.5,
  dollarVolume: 4e10,
  rangeLow: 682.23,
  rangeHigh: 926.69,
};
export const AAPL: UnderlyingDay = {
  ...base,
  symbol: 'AAPL',
  kind: 'stock',
  close: 170.73,
  prevClose: 169,
  realisedVol: 0.2,
  longVol: 0.2,
  dollarVolume: 1e10,
  rangeLow: 169,
  rangeHigh: 189.3,
};
export const KLAC: UnderlyingDay = {
  ...base,
  symbol: 'KLAC',
  kind: 'stock',
  close: 690.5,
  prevClose: 700.1,
  realisedVol: 0.3,
  longVol: 0.32,
  dollarVolume: 8e8,
  rangeLow: 640,
  rangeHigh: 710,
};
export const SAMPLE_UNDERLYINGS = [SPY, NVDA, AAPL, KLAC] as const;
