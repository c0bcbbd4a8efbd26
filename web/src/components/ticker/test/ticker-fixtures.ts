import type { SearchTickersResult } from '../search-tickers.ts';
import type { TickerInfo } from '../get-ticker-info.ts';
import type { VolatilitySummary } from '../get-volatility-summary.ts';

// Payloads copied from the local runtime (demo dataset as of 2024-03-08).

export const SEARCH_RESULTS: Record<string, SearchTickersResult> = {
  a: {
    tickers: [
      ['A', 'Agilent Technologies'],
      ['ABT', 'Abbott Laboratories'],
      ['ACN', 'Accenture'],
      ['ADI', 'Analog Devices'],
      ['ADM', 'Archer Daniels Midland'],
      ['ADP', 'Automatic Data Processing'],
      ['AEE', 'Ameren'],
      ['AEP', 'American Electric Power'],
      ['AES', 'AES Corporation'],
      ['AFL', 'Aflac'],
    ],
  },
  ap: {
    tickers: [
      ['APP', 'AppLovin'],
      ['AAPL', 'Apple Inc.'],
      ['AMAT', 'Applied Materials'],
      ['NTAP', 'NetApp'],
    ],
  },
  app: {
    tickers: [
      ['APP', 'AppLovin'],
      ['AAPL', 'Apple Inc.'],
      ['AMAT', 'Applied Materials'],
      ['NTAP', 'NetApp'],
    ],
  },
  appl: {
    tickers: [
      ['APP', 'AppLovin'],
      ['AAPL', 'Apple Inc.'],
      ['AMAT', 'Applied Materials'],
    ],
  },
  aapl: { tickers: [['AAPL', 'Apple Inc.']] },
  zzzzq: { tickers: [] },
};

export const AAPL_INFO: TickerInfo = {
  ticker: 'AAPL',
  as_of: '2024-03-08',
  c: 170.73,
  todaysChange: 1.73,
  todaysChangePerc: 1.0237,
  v: 76114600,
  avg_volume: 61043057,
  l: 168.94,
  h: 173.7,
  '52_week_low': 147.61,
  '52_week_high': 199.62,
  company: 'Apple Inc.',
  sector: 'Information Technology',
  industry: 'Technology Hardware, Storage & Peripherals',
  close_basis: 'as_traded',
};

export const SPY_INFO: TickerInfo = {
  ticker: 'SPY',
  as_of: '2024-03-08',
  c: 502.2391,
  todaysChange: -3.0327,
  todaysChangePerc: -0.6002,
  v: 86425500,
  avg_volume: 70966003,
  l: 501.66,
  h: 508.6186,
  '52_week_low': 368.0043,
  '52_week_high': 508.6186,
  company: 'State Street SPDR S&P 500 ETF Trust',
  sector: 'ETF',
  industry: 'S&P 500 ETF',
  close_basis: 'dividend_adjusted',
};

/** Indexes have no volume: the API sends null. */
export const VIX_INFO: TickerInfo = {
  ticker: 'VIX',
  as_of: '2024-03-08',
  c: 14.74,
  todaysChange: 0.3,
  todaysChangePerc: 2.0776,
  v: null,
  avg_volume: null,
  l: 13.97,
  h: 15.53,
  '52_week_low': 11.81,
  '52_week_high': 28.91,
  company: 'CBOE Volatility Index',
  sector: 'Index',
  industry: 'Volatility index',
  close_basis: 'as_traded',
};

export const UNKNOWN_TICKER_ALERT = {
  alert_show: true,
  alert_message: 'Unknown ticker QQQQX. Search by name or ticker to find one we cover.',
};

/** get_volatility_summary of AAPL in the demo (nearest expiration 2024-03-11). */
export const AAPL_VOLATILITY: VolatilitySummary = {
  ticker: 'AAPL',
  optionable: true,
  as_of: '2024-03-08 16:15:00',
  atm_iv: 0.2384,
  iv_rank: 41.27,
  iv_percentile: 55.2,
  iv_window_days: 252,
  next_expiration: {
    expiration: '2024-03-11',
    dte: 3,
    atm_strike: 170,
    atm_iv: 0.25,
    call_25d_iv: 0.24,
    put_25d_iv: 0.27,
    risk_reversal_25d: -0.03,
    straddle: 4.35,
    expected_move: 4.35,
    range_low: 166.38,
    range_high: 175.08,
  },
  expected_move_rule:
    'Expected move = the at-the-money straddle (call mid + put mid at the strike nearest the price), read as a ±1σ move; the range is price ± that move.',
};

/** An index: no options covered. */
export const VIX_VOLATILITY: VolatilitySummary = {
  ...AAPL_VOLATILITY,
  ticker: 'VIX',
  optionable: false,
  as_of: null,
  atm_iv: null,
  iv_rank: null,
  iv_percentile: null,
  iv_window_days: null,
  next_expiration: null,
};
