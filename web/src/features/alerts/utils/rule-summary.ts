import type { FilterInput } from '@tapewatch/shared/flow/filters';

/** One line per rule for the list: "Ticker = SPY, QQQ · Premium >= $100K", values with their units. */
const SYMBOL: Record<string, string> = {
  Equal: '=',
  'Greater than': '>',
  'Greater than equal': '>=',
  'Smaller than': '<',
  'Smaller than equal': '<=',
};

/** How each numeric field's value reads: Premium is stored in thousands of dollars (the filter's "$K"). */
const UNIT: Record<string, (v: string) => string> = {
  Premium: (v) => `$${v}K`,
  Strike: (v) => `$${v}`,
  Price: (v) => `$${v}`,
  DTE: (v) => `${v} ${v === '1' ? 'day' : 'days'}`,
};

export function ruleSummary(filters: readonly FilterInput[], watchlistName: string | null): string {
  const parts = filters
    .filter((f) => f.filter && f.selector)
    .map((f) => {
      const raw = String(f.value ?? '').trim();
      const unit = UNIT[f.filter ?? ''];
      const value = f.filter === 'Ticker' ? (f.tickers ?? []).join(', ') : unit ? unit(raw) : raw;
      return `${f.filter} ${SYMBOL[f.selector ?? ''] ?? f.selector} ${value}`;
    });
  if (watchlistName) parts.unshift(`Watchlist ${watchlistName}`);
  return parts.length > 0 ? parts.join(' · ') : 'Every trade (sent as digests only)';
}

/** The prefill of "Alert me on this filter": the Options Flow filters passed in the URL, or none. */
export function filtersFromParam(param: string | null): FilterInput[] | null {
  if (!param) return null;
  try {
    const parsed = JSON.parse(param) as unknown;
    return Array.isArray(parsed) ? (parsed.filter((f) => typeof f === 'object' && f !== null) as FilterInput[]) : null;
  } catch {
    return null;
  }
}

export const percent = (v: number | null, digits = 2): string =>
  v === null ? '–' : `${v >= 0 ? '+' : ''}${v.toFixed(digits)}%`;
export const share = (v: number | null): string => (v === null ? '–' : `${Math.round(v * 100)}%`);
