import type { OptionChainRow } from '@tapewatch/shared/schemas/option-chain';

/** Strikes shown each side of the money until the trader asks for all of them. */
export const STRIKES_EACH_SIDE = 12;

export interface ChainTableRow extends OptionChainRow {
  /** Calls are in the money below the price, puts above it. */
  callItm: boolean;
  putItm: boolean;
  /** The strike nearest the price. */
  atm: boolean;
  /** Volume above open interest: more traded today than was open (new positions likely). */
  callHot: boolean;
  putHot: boolean;
  /** Among the largest open interests of its side in this expiration. */
  callTopOi: boolean;
  putTopOi: boolean;
}

const TOP_OI = 3;

function topOiStrikes(rows: readonly OptionChainRow[], side: 'call' | 'put'): Set<number> {
  return new Set(
    rows
      .filter((r) => (r[side]?.open_interest ?? 0) > 0)
      .sort((a, b) => (b[side]!.open_interest ?? 0) - (a[side]!.open_interest ?? 0))
      .slice(0, TOP_OI)
      .map((r) => r.strike),
  );
}

const hot = (s: OptionChainRow['call']) =>
  s !== null && (s.volume ?? 0) > 0 && (s.volume ?? 0) > (s.open_interest ?? 0);

/**
 * The rows of one expiration as the table shows them: the `eachSide` strikes below and above the
 * strike nearest the price (all with `eachSide` null), flagged for shading and emphasis.
 */
export function chainTableRows(
  rows: readonly OptionChainRow[],
  spot: number,
  eachSide: number | null,
): ChainTableRow[] {
  if (rows.length === 0) return [];
  let atmIndex = 0;
  rows.forEach((r, i) => {
    if (Math.abs(r.strike - spot) < Math.abs(rows[atmIndex]!.strike - spot)) atmIndex = i;
  });
  const shown = eachSide === null ? rows : rows.slice(Math.max(0, atmIndex - eachSide), atmIndex + eachSide + 1);
  const topCalls = topOiStrikes(rows, 'call');
  const topPuts = topOiStrikes(rows, 'put');
  const atmStrike = rows[atmIndex]!.strike;
  return shown.map((r) => ({
    ...r,
    callItm: r.strike < spot,
    putItm: r.strike > spot,
    atm: r.strike === atmStrike,
    callHot: hot(r.call),
    putHot: hot(r.put),
    callTopOi: topCalls.has(r.strike),
    putTopOi: topPuts.has(r.strike),
  }));
}

/** "Mar 15 '24 · 7d · monthly" style tab label parts. */
export function expirationLabel(expiration: string, dte: number, monthly: boolean): string {
  const d = new Date(`${expiration}T12:00:00Z`);
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `${month} ${d.getUTCDate()} '${expiration.slice(2, 4)} (${dte}d)${monthly ? ' M' : ''}`;
}
