/** Compact OCC option symbol (root, YYMMDD, C/P, strike x 1000 in 8 digits), e.g. SPY240315C00510000. */
export function formatOccSymbol(o: { root: string; expiry: string; type: 'call' | 'put'; strike: number }): string {
  const strike = String(Math.round(o.strike * 1000)).padStart(8, '0');
  return `${o.root}${o.expiry.slice(2).replaceAll('-', '')}${o.type === 'call' ? 'C' : 'P'}${strike}`;
}
