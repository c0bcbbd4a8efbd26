/**
 * Listed expirations of one underlying on one date, by the exchanges' listing programs:
 *  - standard monthlies on the third Friday (Thursday when that Friday is a holiday);
 *    a stock lists the two near months plus two more of its quarterly cycle (Jan/Apr/Jul/Oct,
 *    Feb/May/Aug/Nov or Mar/Jun/Sep/Dec), liquid names every month out to ~9 months;
 *  - weeklies (Cboe Short Term Option Series: up to five consecutive Friday expirations) for index
 *    ETFs and liquid names; index ETFs list ~9 weeks;
 *  - dailies: SPY, QQQ and IWM list Monday-Friday expirations (two weeks out);
 *  - quarterlies: end-of-quarter expirations for the index ETFs, a year out;
 *  - LEAPS: January of the next years (December too for the index ETFs), up to ~39 months.
 * Expirations strictly after the date: the snapshot is taken after the close, when that day's
 * expiry has settled. Contracts appear as the window reaches them and expire on their date.
 * Real reference: the IWM chain of 2026-07-02 in shared/data/samples/cboe (dailies, weeklies,
 * monthlies to 2027, end-of-quarter series, January and December LEAPS).
 */
import { addDays, dayNumber, dayOfWeek, thirdFriday } from '../calendar/dates.ts';
import { isTradingDay, lastTradingDayOfMonth, tradingDayOnOrBefore } from '../calendar/nyse.ts';
import { hashString } from '../../analytics/seeded-random.ts';
import { DAILY_EXPIRY_ETFS, type Liquidity } from './underlying.ts';

export type ExpiryKind = 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'leaps';

export interface ListedExpiry {
  expiry: string;
  kind: ExpiryKind;
}

// When one date is several kinds, the bigger listing wins (a monthly that is also a Friday weekly).
const RANK: Record<ExpiryKind, number> = { monthly: 5, quarterly: 4, leaps: 3, weekly: 2, daily: 1 };

export const LISTING_WINDOWS = {
  dailyDays: 14,
  indexWeeklyDays: 63,
  stockWeeklyDays: 35,
  indexMonthlyDays: 190,
  liquidMonthlyDays: 275,
  quarterlyDays: 366,
} as const;

const W = LISTING_WINDOWS;

const monthlyOf = (y: number, m: number): string => tradingDayOnOrBefore(thirdFriday(y, m));

// The listing depends on the symbol only through its programme (dailies, a thin name's quarterly
// cycle), so names of one date share it: a backtest marks ~90 names on each of a year's dates and
// recomputed it per (name, date), most of the market's build time (issue 35 item 11). Bounded: a
// long-lived container sees new dates every day; a few years of dates by programme fit.
const MEMO_LIMIT = 4096;
const memo = new Map<string, readonly ListedExpiry[]>();

/** Listed expirations after `date`, sorted (shared and frozen: callers must not change them). */
export function listedExpirations(date: string, symbol: string, liquidity: Liquidity): readonly ListedExpiry[] {
  const programme =
    liquidity === 'index' ? DAILY_EXPIRY_ETFS.has(symbol) : liquidity === 'thin' ? hashString(symbol) % 3 : '';
  const key = `${date}|${liquidity}|${programme}`;
  let listed = memo.get(key);
  if (!listed) {
    listed = Object.freeze(computeListed(date, symbol, liquidity).map((e) => Object.freeze(e)));
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(key, listed);
  }
  return listed;
}

function computeListed(date: string, symbol: string, liquidity: Liquidity): ListedExpiry[] {
  const found = new Map<string, ExpiryKind>();
  const add = (expiry: string, kind: ExpiryKind, maxDays: number): void => {
    const dte = dayNumber(expiry) - dayNumber(date);
    if (dte <= 0 || dte > maxDays) return;
    const prior = found.get(expiry);
    if (!prior || RANK[kind] > RANK[prior]) found.set(expiry, kind);
  };
  const index = liquidity === 'index';
  if (index && DAILY_EXPIRY_ETFS.has(symbol)) {
    for (let d = 1; d <= W.dailyDays; d += 1) {
      const day = addDays(date, d);
      if (isTradingDay(day)) add(day, 'daily', W.dailyDays);
    }
  }
  if (liquidity !== 'thin') {
    const days = index ? W.indexWeeklyDays : W.stockWeeklyDays;
    for (let d = 1; d <= days; d += 1) {
      const day = addDays(date, d);
      if (dayOfWeek(day) === 5) add(tradingDayOnOrBefore(day), 'weekly', days);
    }
  }
  const y = +date.slice(0, 4);
  const m = +date.slice(5, 7);
  // A thin name's quarterly cycle: 0 = Jan/Apr/Jul/Oct, 1 = Feb/May/Aug/Nov, 2 = Mar/Jun/Sep/Dec.
  const cycle = hashString(symbol) % 3;
  let cycleMonths = 0;
  for (let i = 0; i <= 14; i += 1) {
    const yy = y + Math.floor((m - 1 + i) / 12);
    const mm = ((m - 1 + i) % 12) + 1;
    const monthly = monthlyOf(yy, mm);
    const dte = dayNumber(monthly) - dayNumber(date);
    if (dte <= 0) continue;
    if (index) {
      add(monthly, 'monthly', W.indexMonthlyDays);
      if (mm % 3 === 0) {
        add(lastTradingDayOfMonth(yy, mm), 'quarterly', W.quarterlyDays);
        add(monthly, 'monthly', W.quarterlyDays);
      }
    } else if (liquidity === 'liquid') {
      add(monthly, 'monthly', W.liquidMonthlyDays);
    } else if (found.size < 2) {
      add(monthly, 'monthly', 400);
    } else if ((mm - 1) % 3 === cycle && cycleMonths < 2) {
      add(monthly, 'monthly', 400);
      cycleMonths += 1;
    }
  }
  const januaries = liquidity === 'thin' ? [y + 1] : [y + 1, y + 2];
  if (liquidity !== 'thin' && m >= 9) januaries.push(y + 3);
  for (const yy of januaries) add(monthlyOf(yy, 1), 'leaps', 1200);
  if (index) for (const yy of [y, y + 1]) add(monthlyOf(yy, 12), 'leaps', 1200);
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([expiry, kind]) => ({ expiry, kind }));
}
