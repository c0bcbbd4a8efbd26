import { formatNumber } from '../../lib/format.ts';

/** Shown for any missing value (null, NaN from the API, absent field). */
export const MISSING = '—';
/** Typographic minus: same width as "+", and screen readers say "minus" rather than "dash". */
const MINUS = '−';

export type Trend = 'positive' | 'negative' | 'neutral';

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export function formatOrMissing(value: number | null | undefined, decimals: number): string {
  return isNumber(value) ? formatNumber(value, decimals) : MISSING;
}

export function formatRange(low: number | null | undefined, high: number | null | undefined): string {
  if (!isNumber(low) && !isNumber(high)) return MISSING;
  return `${formatOrMissing(low, 2)} – ${formatOrMissing(high, 2)}`;
}

/**
 * Direction as the user sees it: a change that rounds to 0.00 is neutral, so the colour never
 * disagrees with the printed number.
 */
export function trendOf(change: number | null | undefined, percent: number | null | undefined): Trend {
  const value = isNumber(change) ? change : percent;
  if (!isNumber(value)) return 'neutral';
  const rounded = Math.round(value * 100);
  if (rounded > 0) return 'positive';
  if (rounded < 0) return 'negative';
  return 'neutral';
}

/** 1.734 -> "+1.73", -3.03 -> "−3.03", 0 -> "0.00", with `suffix` after the digits. */
export function formatSigned(value: number | null | undefined, decimals = 2, suffix = ''): string {
  if (!isNumber(value)) return MISSING;
  const digits = formatNumber(Math.abs(value), decimals);
  const zero = Number(digits.replace(/,/g, '')) === 0;
  const sign = zero ? '' : value > 0 ? '+' : MINUS;
  return `${sign}${digits}${suffix}`;
}

/** "2024-03-08" -> "Mar 8, 2024"; other parseable timestamps are shown in local time; else as sent. */
export function formatAsOf(asOf: string | null | undefined): string {
  if (!asOf) return MISSING;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(asOf);
  const date = new Date(dateOnly ? `${asOf}T00:00:00Z` : asOf);
  if (Number.isNaN(date.getTime())) return asOf;
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    ...(dateOnly ? { timeZone: 'UTC' } : { timeStyle: 'short' }),
  }).format(date);
}
