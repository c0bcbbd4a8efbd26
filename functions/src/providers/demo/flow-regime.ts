/**
 * Which side of the market the simulated flow leans to, name by name and day by day:
 *  - index ETFs are put-heavy (portfolio hedges: SPY's put/call premium ratio sits above 1 on most
 *    days), sector ETFs even, single names lean to calls (retail and speculative call buying);
 *  - the put share rises as the name falls from its 3-month high and with the market's volatility
 *    (the real VIX close against 15: hedging demand in a sell-off), and eases in calm rallies. A name's
 *    own 3-month over 1-year realised vol was tried and pointed the wrong way in 2023 (the 1-year
 *    window still held the March bank stress through the Aug-Oct drawdown), so the VIX carries the
 *    volatility term;
 *  - a small day-level noise, common to all names, keeps days from looking alike.
 */
import { hashNormal, logistic, logit } from '../../analytics/seeded-random.ts';
import type { FlowUnderlying } from './flow-simulator-universe.ts';

export const REGIME = {
  indexPutShare: 0.6,
  etfPutShare: 0.5,
  stockPutShare: 0.4,
  /** Logit change per 1.0 of drawdown (a 10% drawdown adds 0.5). */
  drawdown: 5,
  /** Logit change per unit of ln(VIX / 15). */
  vix: 1.5,
  vixCentre: 15,
  dayNoise: 0.15,
} as const;

const INDEX_ETFS: ReadonlySet<string> = new Set(['SPY', 'QQQ', 'IWM', 'DIA']);

/** Probability that a print on `u` that day is a put. */
export function putShare(u: FlowUnderlying, date: string, seed: number): number {
  const base = INDEX_ETFS.has(u.symbol)
    ? REGIME.indexPutShare
    : u.kind === 'etf'
      ? REGIME.etfPutShare
      : REGIME.stockPutShare;
  const drawdown = Math.min(0, u.drawdown ?? 0);
  const fear = u.vix !== undefined && u.vix > 0 ? Math.log(u.vix / REGIME.vixCentre) : 0;
  return logistic(
    logit(base) - REGIME.drawdown * drawdown + REGIME.vix * fear + REGIME.dayNoise * hashNormal(seed, 'regime', date),
  );
}
