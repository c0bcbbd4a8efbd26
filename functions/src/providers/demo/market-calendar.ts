/**
 * NYSE trading calendar for the demo generators: weekdays minus the exchange holidays below.
 *
 * Source: NYSE "Holidays & Trading Hours" (nyse.com/markets/hours-calendars), the full-day closures
 * announced for each year. 2025-01-09 (the national day of mourning for President Carter) is left
 * out on purpose: it was declared in Dec 2024, after the demo clock (2024-03-08), so an expiry
 * schedule "as seen" on the demo date could not have known it. Outside 2022-2026 the calendar
 * degrades to plain weekdays (documented rather than guessed).
 */
import { isoDate } from '../wire-values.ts';

export const NYSE_HOLIDAYS: ReadonlySet<string> = new Set([
  // 2022
  '2022-01-17', '2022-02-21', '2022-04-15', '2022-05-30', '2022-06-20', '2022-07-04', '2022-09-05', '2022-11-24', '2022-12-26',
  // 2023
  '2023-01-02', '2023-01-16', '2023-02-20', '2023-04-07', '2023-05-29', '2023-06-19', '2023-07-04', '2023-09-04', '2023-11-23', '2023-12-25',
  // 2024
  '2024-01-01', '2024-01-15', '2024-02-19', '2024-03-29', '2024-05-27', '2024-06-19', '2024-07-04', '2024-09-02', '2024-11-28', '2024-12-25',
  // 2025
  '2025-01-01', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25',
  // 2026
  '2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25',
]);

const DAY_MS = 86_400_000;

export function assertDate(value: string, name = 'date'): string {
  if (!isoDate.safeParse(value).success) throw new RangeError(`${name} must be a calendar date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  return value;
}

/** Days since 1970-01-01 (UTC calendar arithmetic; no time zones involved). */
export function dayNumber(date: string): number {
  return Math.round(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS);
}

export function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

export const isWeekday = (date: string): boolean => {
  const d = dayOfWeek(date);
  return d !== 0 && d !== 6;
};

export const isTradingDay = (date: string): boolean => isWeekday(date) && !NYSE_HOLIDAYS.has(date);

/**
 * Index of a date on a Monday-Friday clock (weekends map to the Friday before). A closed-form
 * "time" axis for the latent processes: it needs no calendar table, so a path keyed by it can be
 * evaluated for any single date. Holidays merely skip one step.
 */
export function weekdayIndex(date: string): number {
  const d = dayNumber(date) - 4; // 1970-01-05 was a Monday
  const week = Math.floor(d / 7);
  const dow = d - week * 7; // 0 = Monday
  return week * 5 + Math.min(dow, 4);
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

const pad = (n: number): string => String(n).padStart(2, '0');
const lastDayOfMonth = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Third Friday of a month (the standard monthly option expiration). */
export function thirdFriday(year: number, month: number): string {
  const first = `${year}-${pad(month)}-01`;
  const offset = (5 - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + 14);
}

export function lastTradingDayOfMonth(year: number, month: number): string {
  return tradingDayOnOrBefore(`${year}-${pad(month)}-${pad(lastDayOfMonth(year, month))}`);
}

/**
 * FINRA short-interest settlement dates in [from, to]: per FINRA Rule 4560 reporting, positions are
 * reported as of settlement on the 15th of each month (or the preceding business day when the 15th
 * is not one) and on the last business day of the month. Source: FINRA "Short Interest Reporting"
 * and Nasdaq Trader "Short Interest Publication Schedule" (nasdaqtrader.com/Trader.aspx?id=ShortIntPubSch).
 * Checked against Nasdaq's published settlement dates, e.g. 2023-12-15, 2023-12-29, 2024-01-12
 * (15th = MLK Day), 2024-02-15, 2024-02-29, 2024-03-28 (29th = Good Friday).
 * NYSE closures stand in for settlement holidays: the Fed-only holidays (Columbus, Veterans Day)
 * never fall on the 15th or a month end in 2022-2026.
 */
export function shortInterestSettlementDates(from: string, to: string): string[] {
  assertDate(from, 'from');
  assertDate(to, 'to');
  const out: string[] = [];
  let y = +from.slice(0, 4);
  let m = +from.slice(5, 7);
  const endKey = +to.slice(0, 4) * 12 + +to.slice(5, 7);
  while (y * 12 + m <= endKey) {
    for (const d of [tradingDayOnOrBefore(`${y}-${pad(m)}-15`), lastTradingDayOfMonth(y, m)]) {
      if (d >= from && d <= to) out.push(d);
    }
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * Position of a settlement date in the twice-monthly cycle (month * 2, +1 for month end): the time
 * axis of the short-interest process, so "previous settlement" is always index - 1.
 */
export function settlementIndex(settlementDate: string): number {
  const y = +settlementDate.slice(0, 4);
  const m = +settlementDate.slice(5, 7);
  const day = +settlementDate.slice(8, 10);
  return (y * 12 + (m - 1)) * 2 + (day > 15 ? 1 : 0);
}

/** The settlement date right before `settlementDate`. */
export function previousSettlementDate(settlementDate: string): string {
  const y = +settlementDate.slice(0, 4);
  const m = +settlementDate.slice(5, 7);
  if (+settlementDate.slice(8, 10) > 15) return tradingDayOnOrBefore(`${y}-${pad(m)}-15`);
  return m === 1 ? lastTradingDayOfMonth(y - 1, 12) : lastTradingDayOfMonth(y, m - 1);
}
