/**
 * The universe's ticker for a FINRA symbol, or null for a symbol outside it. FINRA writes class
 * shares with a slash (BRK/B -> BRK.B) and preferreds and when-issued lines with a lower-case
 * suffix (TpC, BCpC in the 2021-04-27 file). Keys are upper-cased, so a preferred kept as is would
 * land on its common stock's row (TpC -> TPC) and the file would hold that key twice.
 */
export function finraTicker(symbol: string): string | null {
  return /[a-z]/.test(symbol) ? null : symbol.replace('/', '.');
}
