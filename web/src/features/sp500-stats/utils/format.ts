import type { Sp500Stat } from '@tapewatch/shared/schemas/sp500';
import type { Sp500RatiosData } from '../api/get-sp500-ratios-data.ts';

export type Unit = Sp500RatiosData['unit'];

const number = (v: number, digits = 2) =>
  v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Ratios as 23.99, yields and growth as 1.58%, dollars as $4,345.37. */
export function formatValue(v: number | null, unit: Unit): string {
  if (v === null) return '';
  if (unit === 'percent') return `${number(v)}%`;
  if (unit === 'usd') return `${v < 0 ? '-' : ''}$${number(Math.abs(v))}`;
  return number(v);
}

/** Changes keep the unit (percent families change in percentage points) and show their sign. */
export function formatChange(v: number | null, unit: Unit): string {
  if (v === null) return '';
  const sign = v > 0 ? '+' : v < 0 ? '-' : '';
  return `${sign}${formatValue(Math.abs(v), unit)}`;
}

export function formatChangePct(v: number | null): string {
  if (v === null) return '';
  return `${v > 0 ? '+' : v < 0 ? '-' : ''}${number(Math.abs(v))}%`;
}

/** "2023-06-01" -> "Jun 2023" (months), "2023" (years). */
export function formatPeriodDate(date: string, yearly: boolean): string {
  if (yearly) return date.slice(0, 4);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[Number(date.slice(5, 7)) - 1] ?? ''} ${date.slice(0, 4)}`;
}

const COUNT_KEYS = new Set(['Observations']);
const PLAIN_PERCENT_KEYS = new Set(['Percentile of current']);

/** Stat values: dates as periods, counts plain, the percentile in percent, the rest in the unit. */
export function formatStat(stat: Sp500Stat, unit: Unit, yearly: boolean): string {
  const { key, value } = stat;
  if (value === null) return '-';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatPeriodDate(value, yearly) : value;
  if (COUNT_KEYS.has(key)) return value.toLocaleString('en-US');
  if (PLAIN_PERCENT_KEYS.has(key)) return `${number(value, 1)}%`;
  return formatValue(value, unit);
}
