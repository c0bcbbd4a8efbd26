import { SIGNAL_FACTORS, SIGNAL_SECTORS, SIGNAL_TIMEFRAMES } from '@tapewatch/shared/params/signals';
import type { SignalRow } from '@tapewatch/shared/schemas/signals';

/** A half-open range [min, max): the lower edge belongs to the bucket, the upper edge to the next. */
export interface Bucket {
  id: string;
  label: string;
  min: number;
  max: number;
}

export const EXPECTED_RETURN_BUCKETS: readonly Bucket[] = [
  { id: '0-10', label: '0-10%', min: 0, max: 10 },
  { id: '10-20', label: '10-20%', min: 10, max: 20 },
  { id: '20-50', label: '20-50%', min: 20, max: 50 },
  { id: '50+', label: '50%+', min: 50, max: Infinity },
];

export const PROFITABLE_BUCKETS: readonly Bucket[] = [
  { id: '50-60', label: '50-60%', min: 50, max: 60 },
  { id: '60-70', label: '60-70%', min: 60, max: 70 },
  { id: '70-80', label: '70-80%', min: 70, max: 80 },
  { id: '80-90', label: '80-90%', min: 80, max: 90 },
  // 100% belongs here: nothing lies above it.
  { id: '90+', label: '90%+', min: 90, max: Infinity },
];

const B = 1e9;
export const MARKET_CAP_BUCKETS: readonly Bucket[] = [
  { id: 'mega', label: 'Mega Cap', min: 200 * B, max: Infinity },
  { id: 'large', label: 'Large Cap', min: 10 * B, max: 200 * B },
  { id: 'mid', label: 'Mid Cap', min: 2 * B, max: 10 * B },
  { id: 'small', label: 'Small Cap', min: 0.3 * B, max: 2 * B },
  { id: 'micro', label: 'Micro Cap', min: -Infinity, max: 0.3 * B },
];

export interface SignalFilters {
  factor: string[];
  sector: string[];
  marketCap: string[];
  expectedReturn: string[];
  profitable: string[];
  timeframe: string[];
}
export type FilterKey = keyof SignalFilters;

export const EMPTY_FILTERS: SignalFilters = {
  factor: [],
  sector: [],
  marketCap: [],
  expectedReturn: [],
  profitable: [],
  timeframe: [],
};

/** The six filters in screen order, with their choices (value + label). */
export const FILTER_GROUPS: ReadonlyArray<{
  key: FilterKey;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}> = [
  { key: 'factor', label: 'Factor', options: SIGNAL_FACTORS.map((f) => ({ value: f.id, label: f.label })) },
  { key: 'sector', label: 'Sector', options: SIGNAL_SECTORS.map((s) => ({ value: s, label: s })) },
  { key: 'marketCap', label: 'Market Cap', options: MARKET_CAP_BUCKETS.map((b) => ({ value: b.id, label: b.label })) },
  {
    key: 'expectedReturn',
    label: 'Expected Return',
    options: EXPECTED_RETURN_BUCKETS.map((b) => ({ value: b.id, label: b.label })),
  },
  {
    key: 'profitable',
    label: 'Profitable %',
    options: PROFITABLE_BUCKETS.map((b) => ({ value: b.id, label: b.label })),
  },
  { key: 'timeframe', label: 'Timeframe', options: SIGNAL_TIMEFRAMES.map((t) => ({ value: t, label: capitalize(t) })) },
];

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function inBucket(value: number | null, b: Bucket): boolean {
  return value !== null && Number.isFinite(value) && value >= b.min && value < b.max;
}

/** True when nothing is selected (no restriction) or the value falls in ANY selected bucket. */
export function inAnySelectedBucket(
  value: number | null,
  buckets: readonly Bucket[],
  selected: readonly string[],
): boolean {
  if (selected.length === 0) return true;
  return buckets.some((b) => selected.includes(b.id) && inBucket(value, b));
}

/** True when nothing is selected or the value is one of the selected values. */
export function inSelection(value: string | null, selected: readonly string[]): boolean {
  return selected.length === 0 || (value !== null && selected.includes(value));
}

export function matchesFilters(row: SignalRow, f: SignalFilters): boolean {
  return (
    inSelection(row.factor, f.factor) &&
    inSelection(row.sector, f.sector) &&
    inAnySelectedBucket(row.marketcap, MARKET_CAP_BUCKETS, f.marketCap) &&
    inAnySelectedBucket(row.expected_ret, EXPECTED_RETURN_BUCKETS, f.expectedReturn) &&
    inAnySelectedBucket(row['profitable%'], PROFITABLE_BUCKETS, f.profitable) &&
    inSelection(row.timeframe, f.timeframe)
  );
}

export function filterSignals(rows: readonly SignalRow[], f: SignalFilters): SignalRow[] {
  return rows.filter((r) => matchesFilters(r, f));
}

export function hasActiveFilters(f: SignalFilters): boolean {
  return Object.values(f).some((v) => v.length > 0);
}
