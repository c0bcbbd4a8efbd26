import { SECTOR_ETFS } from '@tapewatch/shared/constants';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';

/** A listed security as the universe job receives it (providers/nasdaq/symbol-directory.ts). */
export interface Listing {
  symbol: string;
  name: string;
  exchange: string;
  etf: boolean;
}

/** A refresh that would drop more than this share of the universe is refused as a broken file. */
export const MAX_UNIVERSE_SHRINK = 0.5;

const sectorOfEtf = new Map<string, string>(SECTOR_ETFS.map((s) => [s.ticker, s.sector]));

/** "Apple Inc. - Common Stock" -> "Apple Inc."; names without a class suffix stay as they are. */
export const companyName = (securityName: string): string => securityName.replace(/\s+-\s+.*$/, '').trim();

/**
 * The new ticker universe from today's listings: every listed symbol, with what the previous
 * directory knew about it (sector, share counts, index membership) kept, its exchange refreshed;
 * delisted symbols leave, indices (VIX), which no listing names, stay. Throws when the listings
 * would shrink the universe by more than MAX_UNIVERSE_SHRINK, so a partial file cannot replace it.
 */
export function refreshUniverse(previous: readonly DirectoryEntry[], listings: readonly Listing[]): DirectoryEntry[] {
  const known = new Map(previous.map((e) => [e.symbol, e]));
  const out = new Map<string, DirectoryEntry>();
  for (const l of listings) {
    if (out.has(l.symbol)) continue;
    const before = known.get(l.symbol);
    out.set(
      l.symbol,
      before
        ? { ...before, exchange: l.exchange }
        : {
            symbol: l.symbol,
            company: companyName(l.name),
            sector: l.etf ? 'ETF' : 'Unclassified',
            industry: l.etf ? (sectorOfEtf.has(l.symbol) ? `${sectorOfEtf.get(l.symbol)} sector ETF` : 'ETF') : '',
            exchange: l.exchange,
            kind: l.etf ? 'etf' : 'stock',
            in_sp500: false,
            in_nasdaq100: false,
            shares_outstanding: null,
            shares_outstanding_is_estimate: false,
          },
    );
  }
  for (const e of previous) if (e.kind === 'index' && !out.has(e.symbol)) out.set(e.symbol, e);
  const listedBefore = previous.filter((e) => e.kind !== 'index').length;
  const listedNow = out.size - previous.filter((e) => e.kind === 'index' && out.has(e.symbol)).length;
  if (listedBefore > 0 && listedNow < listedBefore * (1 - MAX_UNIVERSE_SHRINK))
    throw new Error(
      `the listings name ${listedNow} securities where the universe had ${listedBefore}: refused as an incomplete directory`,
    );
  return [...out.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
}
