import { z } from 'zod';

/**
 * Value schemas shared by the parsers. Vendors send numbers both as JSON numbers and as strings
 * (Benzinga sends almost everything as strings), so the lenient variants accept either.
 */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const UNSIGNED_DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

/** Plain non-negative decimal as written in FINRA text files ("109763", fractional shares "12.5"). */
export const unsignedDecimalText = z
  .string()
  .regex(UNSIGNED_DECIMAL, 'expected a non-negative number')
  .transform(Number);

/** Signed decimal text ("-7.83"). */
export const decimalText = z.string().regex(DECIMAL, 'expected a number').transform(Number);

/** A finite number given as a JSON number or a numeric string. */
export const looseNumber = z
  .union([z.number(), z.string().trim().regex(DECIMAL, 'expected a number').transform(Number)])
  .pipe(z.number());

/** Like looseNumber, but absent / null / "" become null (optional vendor fields). */
export const optionalLooseNumber = z
  .union([z.literal(''), looseNumber])
  .nullish()
  .transform((v) => (typeof v === 'number' ? v : null));

/** True when y-m-d is a real calendar date (rejects 2021-02-30). */
export function isCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** "20210427" -> "2021-04-27"; rejects impossible dates. */
export const compactDate = z
  .string()
  .regex(/^\d{8}$/, 'expected YYYYMMDD')
  .refine((s) => isCalendarDate(+s.slice(0, 4), +s.slice(4, 6), +s.slice(6, 8)), 'not a calendar date')
  .transform((s) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`);

/** "2021-07-15" validated as a calendar date. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((s) => isCalendarDate(+s.slice(0, 4), +s.slice(5, 7), +s.slice(8, 10)), 'not a calendar date');

/** Exchange-style ticker: no whitespace or delimiters; FINRA uses forms like "RDS/A", "BACpL". */
export const tickerSymbol = z
  .string()
  .min(1, 'empty symbol')
  .max(24, 'symbol too long')
  .regex(/^[A-Za-z0-9][A-Za-z0-9./\-+^#$=]*$/, 'invalid symbol');

/** "2021-04-27" -> "20210427" (FINRA file names and date columns). */
export function toCompactDate(isoDay: string): string {
  return isoDay.replaceAll('-', '');
}

/** Guards request arguments: a malformed date must not become a malformed vendor URL. */
export function assertIsoDate(value: string, name = 'date'): string {
  if (!isoDate.safeParse(value).success)
    throw new RangeError(`${name} must be a calendar date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  return value;
}

/** Upper-cases and validates a ticker argument before it is put into a URL path. */
export function assertTicker(value: string, name = 'ticker'): string {
  const t = value.trim().toUpperCase();
  if (!tickerSymbol.safeParse(t).success)
    throw new RangeError(`${name} is not a valid symbol: ${JSON.stringify(value)}`);
  return t;
}
