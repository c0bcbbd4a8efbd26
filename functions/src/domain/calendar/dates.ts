/** Calendar arithmetic on YYYY-MM-DD strings (UTC calendar days; no time zones involved). */

const DAY_MS = 86_400_000;

const pad = (n: number): string => String(n).padStart(2, '0');

/** Formats a year, month (1-12) and day as YYYY-MM-DD. */
export const ymd = (year: number, month: number, day: number): string => `${year}-${pad(month)}-${pad(day)}`;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = [+value.slice(0, 4), +value.slice(5, 7), +value.slice(8, 10)];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Guards range arguments: a malformed date would otherwise loop or compare wrongly as a string. */
export function assertDate(value: string, name = 'date'): string {
  if (!isCalendarDate(value))
    throw new RangeError(`${name} must be a calendar date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  return value;
}

/** Days since 1970-01-01. */
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

export const lastDayOfMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The n-th (1-based) given weekday of a month; n = -1 is the last one. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): string {
  if (n < 0) {
    const last = ymd(year, month, lastDayOfMonth(year, month));
    return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
  }
  const first = ymd(year, month, 1);
  return addDays(first, ((weekday - dayOfWeek(first) + 7) % 7) + 7 * (n - 1));
}

/** Third Friday of a month (the standard monthly option expiration). */
export const thirdFriday = (year: number, month: number): string => nthWeekdayOfMonth(year, month, 5, 3);

/** Western (Gregorian) Easter Sunday: the anonymous Gregorian algorithm (Meeus, Astronomical Algorithms, ch. 8). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}
