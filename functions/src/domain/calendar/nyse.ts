/**
 * NYSE trading calendar computed by rule, so it holds for any year instead of running out with a
 * hand-kept table. Rules (NYSE Rule 7.2 and the annual "Holidays & Trading Hours" announcements):
 *  - full closures: New Year's Day, Martin Luther King Jr. Day (3rd Monday of January, an NYSE
 *    holiday since 1998), Washington's Birthday (3rd Monday of February), Good Friday, Memorial Day
 *    (last Monday of May), Juneteenth (from 2022), Independence Day, Labor Day (1st Monday of
 *    September), Thanksgiving (4th Thursday of November) and Christmas Day;
 *  - a holiday on a Sunday is observed the Monday after, on a Saturday the Friday before, except
 *    New Year's Day: the Friday before is the last day of the accounting year, so the exchange
 *    stays open (e.g. no closure on 2021-12-31 or 2027-12-31);
 *  - one-off closures (national days of mourning, emergencies) cannot be derived: listed below;
 *  - early closes at 13:00 New York time: the day after Thanksgiving, and July 3 and December 24
 *    when they are trading days.
 * Years before 1998 follow the same rules, which is not exactly history (no MLK Day then).
 */
import {
  addDays,
  assertDate,
  dayNumber,
  dayOfWeek,
  easterSunday,
  fromDayNumber,
  isWeekday,
  lastDayOfMonth,
  nthWeekdayOfMonth,
  ymd,
} from './dates.ts';

/** Closures announced one at a time (NYSE press releases), since the rules above took their shape. */
const NYSE_ONE_OFF_CLOSURES: Readonly<Record<string, string>> = {
  '2001-09-11': 'September 11 attacks',
  '2001-09-12': 'September 11 attacks',
  '2001-09-13': 'September 11 attacks',
  '2001-09-14': 'September 11 attacks',
  '2004-06-11': 'National day of mourning for President Reagan',
  '2007-01-02': 'National day of mourning for President Ford',
  '2012-10-29': 'Hurricane Sandy',
  '2012-10-30': 'Hurricane Sandy',
  '2018-12-05': 'National day of mourning for President George H. W. Bush',
  '2025-01-09': 'National day of mourning for President Carter',
};

const MON = 1;
const THU = 4;

/**
 * Moves a fixed-date holiday off the weekend; null when it is not observed at all (New Year's Day
 * on a Saturday).
 */
function observed(date: string, saturdayMovesToFriday: boolean): string | null {
  const dow = dayOfWeek(date);
  if (dow === 0) return addDays(date, 1);
  if (dow === 6) return saturdayMovesToFriday ? addDays(date, -1) : null;
  return date;
}

/** Full-day closures of one year, date -> name, in date order. */
export function nyseHolidays(year: number): Map<string, string> {
  const rules: [string, string | null][] = [
    ["New Year's Day", observed(ymd(year, 1, 1), false)],
    ['Martin Luther King Jr. Day', nthWeekdayOfMonth(year, 1, MON, 3)],
    ["Washington's Birthday", nthWeekdayOfMonth(year, 2, MON, 3)],
    ['Good Friday', addDays(easterSunday(year), -2)],
    ['Memorial Day', nthWeekdayOfMonth(year, 5, MON, -1)],
    ['Juneteenth National Independence Day', year >= 2022 ? observed(ymd(year, 6, 19), true) : null],
    ['Independence Day', observed(ymd(year, 7, 4), true)],
    ['Labor Day', nthWeekdayOfMonth(year, 9, MON, 1)],
    ['Thanksgiving Day', nthWeekdayOfMonth(year, 11, THU, 4)],
    ['Christmas Day', observed(ymd(year, 12, 25), true)],
  ];
  const out = new Map<string, string>();
  for (const [name, date] of rules) if (date) out.set(date, name);
  for (const [date, name] of Object.entries(NYSE_ONE_OFF_CLOSURES)) if (+date.slice(0, 4) === year) out.set(date, name);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

// isTradingDay runs in loops over years of dates: compute each year's closures once.
const closuresByYear = new Map<number, ReadonlySet<string>>();
function closures(year: number): ReadonlySet<string> {
  let set = closuresByYear.get(year);
  if (!set) closuresByYear.set(year, (set = new Set(nyseHolidays(year).keys())));
  return set;
}

export const isTradingDay = (date: string): boolean => isWeekday(date) && !closures(+date.slice(0, 4)).has(date);

/** Sessions that close at 13:00 New York time, in date order. */
export function nyseEarlyCloses(year: number): string[] {
  const candidates = [ymd(year, 7, 3), addDays(nthWeekdayOfMonth(year, 11, THU, 4), 1), ymd(year, 12, 24)];
  return candidates.filter(isTradingDay);
}

/** Closing time of a session in New York time, or null when the exchange is closed. */
export function nyseCloseTime(date: string): '13:00' | '16:00' | null {
  if (!isTradingDay(date)) return null;
  return nyseEarlyCloses(+date.slice(0, 4)).includes(date) ? '13:00' : '16:00';
}

/** Latest trading day on or before `date`. */
export function tradingDayOnOrBefore(date: string): string {
  let d = date;
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

export function nextTradingDay(date: string): string {
  let d = addDays(date, 1);
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

export function previousTradingDay(date: string): string {
  return tradingDayOnOrBefore(addDays(date, -1));
}

/** Trading days in [from, to], both inclusive. */
export function tradingDaysBetween(from: string, to: string): string[] {
  assertDate(from, 'from');
  assertDate(to, 'to');
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n += 1) {
    const d = fromDayNumber(n);
    if (isTradingDay(d)) out.push(d);
  }
  return out;
}

export function lastTradingDayOfMonth(year: number, month: number): string {
  return tradingDayOnOrBefore(ymd(year, month, lastDayOfMonth(year, month)));
}
