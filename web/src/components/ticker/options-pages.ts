/** The option chain and volatility pages of a ticker (issue 38), linked from the quote panel and search. */
export function optionsPagesOf(ticker: string): { chain: string; volatility: string } {
  const t = encodeURIComponent(ticker.trim().toUpperCase());
  return { chain: `/optionchain/${t}`, volatility: `/volatility/${t}` };
}
