// Number formats of the spec (part 2 section 9): thousands separators, 0-4 decimals.

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max });
    formatters.set(key, nf);
  }
  return nf;
}

const clampDecimals = (d: number): number => Math.min(4, Math.max(0, Math.trunc(d)));

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** 1234.5 -> "1,234.50" with `decimals` fixed digits (0-4); null, undefined and NaN -> "-". */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (!isNumber(value)) return '-';
  const d = clampDecimals(decimals);
  return numberFormat(d, d).format(value);
}

/** Like formatNumber but drops trailing zeros: up to `maxDecimals` digits. */
export function formatCompact(value: number | null | undefined, maxDecimals = 2): string {
  if (!isNumber(value)) return '-';
  return numberFormat(0, clampDecimals(maxDecimals)).format(value);
}

/** A value that already is a percent (5.25 -> "5.25%"). */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  if (!isNumber(value)) return '-';
  return `${formatNumber(value, decimals)}%`;
}

/** A ratio shown as percent (0.0525 -> "5.25%"), e.g. forward returns. */
export function formatRatioAsPercent(value: number | null | undefined, decimals = 2): string {
  return isNumber(value) ? formatPercent(value * 100, decimals) : '-';
}

/** Cost basis arrives in thousands of dollars: 1234.4 -> "$1,234K" (whole numbers). */
export function formatThousandsUsd(value: number | null | undefined): string {
  if (!isNumber(value)) return '-';
  const sign = value < 0 ? '-' : '';
  return `${sign}$${formatNumber(Math.abs(value), 0)}K`;
}

/** toFixed that tolerates missing values; used where tests compare with the raw API numbers. */
export function toFixedOrDash(value: number | null | undefined, decimals = 2): string {
  return isNumber(value) ? value.toFixed(decimals) : '-';
}
