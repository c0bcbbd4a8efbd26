/** Compact OCC option symbol (root, YYMMDD, C/P, strike x 1000 in 8 digits), e.g. SPY240315C00510000. */
export function formatOccSymbol(o: { root: string; expiry: string; type: 'call' | 'put'; strike: number }): string {
  return occSymbolFrom(occSeriesPrefix(o.root, o.expiry), o.type, o.strike);
}

/** The root and expiry part of a compact OCC symbol, shared by every contract of one expiration. */
export const occSeriesPrefix = (root: string, expiry: string): string =>
  `${root}${expiry.slice(2).replaceAll('-', '')}`;

/** A contract's compact OCC symbol from its expiration's `occSeriesPrefix`. */
export function occSymbolFrom(prefix: string, type: 'call' | 'put', strike: number): string {
  return `${prefix}${type === 'call' ? 'C' : 'P'}${String(Math.round(strike * 1000)).padStart(8, '0')}`;
}

const OCC = /^([A-Z0-9.]{1,6})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/** The parts of a compact OCC symbol (no vendor prefix, no padding); null when it is not one. */
export function parseOccSymbol(
  symbol: string,
): { root: string; expiry: string; type: 'call' | 'put'; strike: number } | null {
  const m = OCC.exec(symbol);
  if (!m) return null;
  return {
    root: m[1]!,
    expiry: `20${m[2]}-${m[3]}-${m[4]}`,
    type: m[5] === 'C' ? 'call' : 'put',
    strike: Number(m[6]) / 1000,
  };
}

/** The contract a flow print traded, as its compact OCC symbol (the contract page's address). */
export const occSymbolOfPrint = (t: {
  ticker: string;
  put_call: 'Call' | 'Put';
  strike_price: number;
  date_expiration: string;
}): string =>
  formatOccSymbol({
    root: t.ticker.toUpperCase(),
    expiry: t.date_expiration,
    type: t.put_call === 'Call' ? 'call' : 'put',
    strike: t.strike_price,
  });
