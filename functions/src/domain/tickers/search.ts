import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';

export const MAX_SUGGESTIONS = 10;

/** Rank of a match: lower is better; null when the entry does not match. */
function rank(e: { symbol: string; lowerName: string }, q: string, lowerQ: string): number | null {
  if (e.symbol === q) return 0;
  if (e.symbol.startsWith(q)) return 1;
  if (e.lowerName.startsWith(lowerQ)) return 2;
  if (e.lowerName.includes(` ${lowerQ}`)) return 3; // a word of the name starts with it
  if (e.symbol.includes(q)) return 4;
  if (e.lowerName.includes(lowerQ)) return 5;
  return null;
}

export interface SearchIndex {
  search(fragment: string, limit?: number): Array<[string, string]>;
  size: number;
}

/**
 * Ticker search over the directory: exact ticker first, then ticker prefix, company prefix, a
 * word of the company, ticker substring, company substring; shorter tickers first within a rank.
 * A linear pass over a few thousand entries takes well under a millisecond, so no index is needed.
 */
export function createSearchIndex(entries: readonly Pick<DirectoryEntry, 'symbol' | 'company'>[]): SearchIndex {
  const rows = entries.map((e) => ({ symbol: e.symbol, company: e.company, lowerName: e.company.toLowerCase() }));
  return {
    size: rows.length,
    search(fragment, limit = MAX_SUGGESTIONS) {
      const q = fragment.trim().toUpperCase();
      if (!q) return [];
      const lowerQ = q.toLowerCase();
      const hits: Array<{ r: number; symbol: string; company: string }> = [];
      for (const e of rows) {
        const r = rank(e, q, lowerQ);
        if (r !== null) hits.push({ r, symbol: e.symbol, company: e.company });
      }
      hits.sort((a, b) => a.r - b.r || a.symbol.length - b.symbol.length || a.symbol.localeCompare(b.symbol));
      return hits.slice(0, limit).map((h) => [h.symbol, h.company]);
    },
  };
}
