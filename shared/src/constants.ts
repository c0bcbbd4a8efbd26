// Business constants of the spec (part 1 section 9, part 2 section 9) in one place.

export const PLAN_PRICES_USD = { free: 0, basic: 39 } as const;

export const PAGE_SIZES = {
  shortInterest: 20,
  clustersTable: 20,
  signalsTable: 20,
  sectorTables: 20,
  darkPools: 15,
  topPremiums: 20,
  // The spec's two readings disagree (12 or 10); we use 12 and pad short pages to 12.
  optionsFlow: 12,
} as const;

export const BREAKPOINTS = {
  chartsMobile: 850,
  heatmapMobile: 600,
  flowFilters: 1000,
  darkPoolColumns: 1100,
  tierWide: 1250,
  tierWidest: 1600,
} as const;

export const PRICE_HISTORY_WINDOW = 252;
export const ALERT_RESET_DELAY_MS = 50;

export const DEMO_AS_OF = '2024-03-08';
export const MARKET_TIME_ZONE = 'America/New_York';

/** The 11 sector SPDR ETFs, in the order the sector screens list them. */
export const SECTOR_ETFS = [
  { ticker: 'XLC', sector: 'Communication Services' },
  { ticker: 'XLY', sector: 'Consumer Discretionary' },
  { ticker: 'XLP', sector: 'Consumer Staples' },
  { ticker: 'XLE', sector: 'Energy' },
  { ticker: 'XLF', sector: 'Financials' },
  { ticker: 'XLV', sector: 'Health Care' },
  { ticker: 'XLI', sector: 'Industrials' },
  { ticker: 'XLK', sector: 'Information Technology' },
  { ticker: 'XLB', sector: 'Materials' },
  { ticker: 'XLRE', sector: 'Real Estate' },
  { ticker: 'XLU', sector: 'Utilities' },
] as const;

export const SECTOR_PERFORMANCE = {
  periods: ['1W', '1M', '3M', '6M', 'YTD', '1Y'],
  heatmapRange: 10,
  seasonalityRange: 2,
  colourSteps: 30,
  seasonalityFrom: '2004-01',
} as const;

/**
 * The promotion of the promo popup (spec part 1 sections 1 and 9): the community chat server and the
 * coupon for 50% off the first month of options flow. Checkout applies the same promotion code.
 */
export const PROMO = {
  chatName: 'Tapewatch Discord',
  chatUrl: 'https://discord.gg/tapewatch',
  couponCode: 'FLOW50',
  percentOff: 50,
} as const;
