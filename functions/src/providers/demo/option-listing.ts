/**
 * Which expiries and strikes a demo chain lists, modelled on SPY in 2024:
 *  - dailies: every trading day in the next 14 calendar days (SPY has had Mon-Fri expiries since
 *    Nov 2022);
 *  - weeklies: every Friday (Thursday when the Friday is a holiday) for ~9 weeks;
 *  - monthlies: the third Friday for ~6 months;
 *  - quarterlies: the last trading day of Mar/Jun/Sep/Dec within a year;
 *  - LEAPS: December of this and next year and the January after that.
 * Expiries strictly after the as-of date: the demo snapshot is taken after the close, when that
 * day's expiry has already settled.
 * Strikes: $1 apart within 5% of spot, $5 out to the edge, $10 beyond 20% (LEAPS only); the edge is
 * ~4.5 standard deviations of the move to expiry, between 4% and 20% of spot (35% for LEAPS),
 * so short expiries list a narrow strip and long ones the full +/-20%.
 */
import { addDays, dayNumber, dayOfWeek, thirdFriday } from '../../domain/calendar/dates.ts';
import { isTradingDay, lastTradingDayOfMonth, tradingDayOnOrBefore } from '../../domain/calendar/nyse.ts';

export type ExpiryKind = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'leaps';

export interface ListedExpiry {
  expiry: string;
  kind: ExpiryKind;
}

// When one date is several kinds, the bigger listing wins (a monthly that is also a Friday weekly).
const RANK: Record<ExpiryKind, number> = { monthly: 5, quarterly: 4, leaps: 3, weekly: 2, daily: 1 };

export const LISTING_PARAMS = {
  dailyDays: 14,
  weeklyDays: 63,
  monthlyDays: 190,
  quarterlyDays: 366,
} as const;

/** Listed expiries after `date`, sorted. */
export function listedExpiries(date: string): ListedExpiry[] {
  const found = new Map<string, ExpiryKind>();
  const add = (expiry: string, kind: ExpiryKind, maxDays: number): void => {
    const dte = dayNumber(expiry) - dayNumber(date);
    if (dte <= 0 || dte > maxDays) return;
    const prior = found.get(expiry);
    if (!prior || RANK[kind] > RANK[prior]) found.set(expiry, kind);
  };
  for (let d = 1; d <= LISTING_PARAMS.dailyDays; d += 1) {
    const day = addDays(date, d);
    if (isTradingDay(day)) add(day, 'daily', LISTING_PARAMS.dailyDays);
  }
  for (let d = 1; d <= LISTING_PARAMS.weeklyDays; d += 1) {
    const day = addDays(date, d);
    if (dayOfWeek(day) === 5) add(tradingDayOnOrBefore(day), 'weekly', LISTING_PARAMS.weeklyDays);
  }
  const y = +date.slice(0, 4);
  const m = +date.slice(5, 7);
  for (let i = 0; i <= 13; i += 1) {
    const yy = y + Math.floor((m - 1 + i) / 12);
    const mm = ((m - 1 + i) % 12) + 1;
    add(tradingDayOnOrBefore(thirdFriday(yy, mm)), 'monthly', LISTING_PARAMS.monthlyDays);
    if (mm % 3 === 0) add(lastTradingDayOfMonth(yy, mm), 'quarterly', LISTING_PARAMS.quarterlyDays);
  }
  for (const [yy, mm] of [
    [y, 12],
    [y + 1, 12],
    [y + 2, 1],
  ] as const) {
    add(tradingDayOnOrBefore(thirdFriday(yy, mm)), 'leaps', 1000);
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([expiry, kind]) => ({ expiry, kind }));
}

// Largest "nice" increment not above x (0.5, 1, 2.5, 5, 10, 25, 50, ...).
function niceFloor(x: number): number {
  const nice = [0.5, 1, 2.5, 5, 10, 25, 50, 100];
  let best = 0.5;
  for (const n of nice) if (n <= x) best = n;
  return best;
}

/** Strike increments for a spot: SPY at ~$500 gets $1 / $5 / $10. */
export function strikeSteps(spot: number): [inner: number, outer: number, far: number] {
  const inner = spot >= 50 ? Math.max(1, niceFloor(spot * 0.002)) : 0.5;
  const outer = Math.max(inner * 2, niceFloor(spot * 0.01));
  return [inner, outer, outer * 2];
}

/** Fraction of spot covered each side for an expiry T years out with ATM vol `atmVol`. */
export function strikeHalfWidth(T: number, atmVol: number): number {
  const cap = T > 0.75 ? 0.35 : 0.2;
  return Math.min(cap, Math.max(0.04, 4.5 * atmVol * Math.sqrt(T)));
}

/**
 * Listed strikes for an expiry, ascending. Integer arithmetic in thousandths (the OCC strike unit)
 * keeps $2.50 grids exact.
 */
export function listedStrikes(spot: number, T: number, atmVol: number): number[] {
  const [inner, outer, far] = strikeSteps(spot).map((s) => Math.round(s * 1000)) as [number, number, number];
  const width = strikeHalfWidth(T, atmVol);
  const s = spot * 1000;
  const stepAt = (k: number): number => {
    const dist = Math.abs(k / s - 1);
    return dist <= 0.05 ? inner : dist <= 0.2 ? outer : far;
  };
  const lo = s * (1 - width);
  const hi = s * (1 + width);
  const centre = Math.round(s / inner) * inner;
  const out = new Set<number>([centre]);
  for (let k = centre; ; ) {
    const step = stepAt(k + inner);
    k = Math.floor(k / step) * step + step;
    if (k > hi) break;
    out.add(k);
  }
  for (let k = centre; ; ) {
    const step = stepAt(k - inner);
    k = Math.ceil(k / step) * step - step;
    if (k < lo || k <= 0) break;
    out.add(k);
  }
  return [...out].sort((a, b) => a - b).map((k) => k / 1000);
}
