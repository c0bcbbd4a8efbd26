import type { UnderlyingDay } from '../../domain/options-market/index.ts';

/** Daily closes and volumes, as the market table stores them. */
export interface Bars {
  date: readonly string[];
  close: readonly number[];
  volume?: readonly number[] | null;
}

const clampVol = (v: number): number => Math.min(1.5, Math.max(0.08, Number.isFinite(v) ? v : 0.3));

function realisedVol(close: readonly number[], end: number, sessions: number): number {
  const rets: number[] = [];
  for (let j = Math.max(1, end - sessions); j < end; j += 1) rets.push(Math.log(close[j]! / close[j - 1]!));
  const mean = rets.reduce((a, b) => a + b, 0) / Math.max(rets.length, 1);
  const sd = Math.sqrt(rets.reduce((a, r) => a + (r - mean) ** 2, 0) / Math.max(rets.length - 1, 1));
  return clampVol(sd * Math.sqrt(252));
}

/**
 * One name's market inputs on `date` from its real daily bars (no look-ahead: volatility and
 * volume from the sessions before `date`); null without a bar on `date` or before it.
 */
export function underlyingDayFrom(
  symbol: string,
  kind: 'stock' | 'etf',
  s: Bars,
  date: string,
  vix?: number,
): UnderlyingDay | null {
  const i = s.date.lastIndexOf(date);
  if (i < 1 || !s.volume) return null;
  let dollars = 0;
  const from = Math.max(0, i - 20);
  for (let j = from; j < i; j += 1) dollars += s.close[j]! * s.volume[j]!;
  const recent = s.close.slice(Math.max(0, i - 19), i + 1);
  const high63 = Math.max(...s.close.slice(Math.max(0, i - 62), i + 1));
  return {
    symbol,
    kind,
    date,
    close: s.close[i]!,
    prevClose: s.close[i - 1]!,
    realisedVol: realisedVol(s.close, i, 63),
    longVol: realisedVol(s.close, i, 252),
    dollarVolume: dollars / Math.max(i - from, 1),
    rangeLow: Math.min(...recent),
    rangeHigh: Math.max(...recent),
    drawdown: s.close[i]! / high63 - 1,
    ...(vix !== undefined ? { vix } : {}),
  };
}
