/**
 * Facts of the demo universe as they stood on the demo date (2024-03-08) where the bundle's
 * listings (symbol directories of 2026) carry a later state.
 *
 * Exchanges: Palantir (PLTR) moved its listing from the NYSE to Nasdaq on 2024-11-26 (Palantir
 * press release "Palantir to Transfer Stock Exchange Listing to Nasdaq", 2024-11-14).
 *
 * ETF names: the SPDR funds took the "State Street" prefix in 2025; in March 2024 the sector funds
 * were "<Sector> Select Sector SPDR Fund" and SPY "SPDR S&P 500 ETF Trust" (fund prospectuses of
 * 2024). The 2026 directory still lists IWM under its pre-2024 name, "iShares Russell 2000 Index
 * Fund"; its fund name since 2008 is "iShares Russell 2000 ETF". QQQ's name is unchanged.
 */
export const EXCHANGE_AT_DEMO_DATE: Readonly<Record<string, string>> = { PLTR: 'NYSE' };

export const ETF_NAME_AT_DEMO_DATE: Readonly<Record<string, string>> = {
  SPY: 'SPDR S&P 500 ETF Trust',
  IWM: 'iShares Russell 2000 ETF',
  XLB: 'Materials Select Sector SPDR Fund',
  XLC: 'Communication Services Select Sector SPDR Fund',
  XLE: 'Energy Select Sector SPDR Fund',
  XLF: 'Financial Select Sector SPDR Fund',
  XLI: 'Industrial Select Sector SPDR Fund',
  XLK: 'Technology Select Sector SPDR Fund',
  XLP: 'Consumer Staples Select Sector SPDR Fund',
  XLRE: 'Real Estate Select Sector SPDR Fund',
  XLU: 'Utilities Select Sector SPDR Fund',
  XLV: 'Health Care Select Sector SPDR Fund',
  XLY: 'Consumer Discretionary Select Sector SPDR Fund',
};
