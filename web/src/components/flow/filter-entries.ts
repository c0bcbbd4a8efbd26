import { compileFilters, type FilterInput } from '@tapewatch/shared/flow/filters';

/**
 * The Options Flow filter rows (spec part 2 section 2.5.1) as the filter panel edits them; shared by
 * the Options Flow page and the Alerts page, whose rules are these very filters.
 */
export interface FilterEntry {
  id: number;
  filter: string;
  selector: string;
  value: string;
  tickers: string[];
}

export function emptyFilter(id: number): FilterEntry {
  return { id, filter: '', selector: '', value: '', tickers: [] };
}

/** Filter entries as sent to the server: only complete ones, Ticker entries carry their tags. */
export function filtersForServer(entries: readonly FilterEntry[]): FilterInput[] {
  return entries
    .filter((e) => e.filter !== '' && e.selector !== '')
    .map((e) =>
      e.filter === 'Ticker'
        ? { id: e.id, filter: e.filter, selector: e.selector, tickers: e.tickers }
        : { id: e.id, filter: e.filter, selector: e.selector, value: e.value },
    )
    .filter((e) => ('tickers' in e ? (e.tickers ?? []).length > 0 : String(e.value).trim() !== ''));
}

/** The stored filters back as panel rows (ids renumbered, values as text). */
export function entriesFromFilters(filters: readonly FilterInput[]): FilterEntry[] {
  return filters.map((f, i) => ({
    id: i + 1,
    filter: f.filter ?? '',
    selector: f.selector ?? '',
    value: f.value === null || f.value === undefined ? '' : String(f.value),
    tickers: [...(f.tickers ?? [])],
  }));
}

/** Message for the first filter that cannot apply (bad number or time), or null. */
export function filterProblem(entries: readonly FilterEntry[]): string | null {
  return compileFilters(entries).errors[0] ?? null;
}
