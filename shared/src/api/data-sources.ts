import type { RouteName } from './routes.ts';

/**
 * THE registry of market-data sources: which vendor feeds which screens, the environment variable
 * holding its key (null = public data), and what those screens say in live mode without it. The
 * start-up check, GET /api/get_data_status, the status page, the live-mode gate of every handler
 * and the README's "Run on real data" section all read this list.
 */
export type DataSourceId =
  | 'polygon-daily-bars'
  | 'benzinga-options-activity'
  | 'finra-short-volume'
  | 'finra-short-interest'
  | 'cboe-option-chains'
  | 'shiller-sp500'
  | 'cboe-vix-history'
  | 'nasdaq-symbol-directory';

export interface DataSource {
  id: DataSourceId;
  /** What the data is, for a trader. */
  name: string;
  provider: string;
  /** Environment variable (a Secrets Manager entry on AWS) holding the API key; null = no key. */
  envKey: string | null;
  cost: 'free' | 'paid';
  /** Price and rate limits as the vendor publishes them (the README repeats this). */
  terms: string;
  /**
   * False while no live adapter exists: live mode cannot fill these screens yet, and says so
   * rather than serving the demo bundle.
   */
  liveAdapter: boolean;
  /** Screen names as the sidebar shows them. */
  screens: readonly string[];
  /**
   * Jobs of the schedule table that fetch from it: when the latest run of one failed, live mode
   * says so on the source's screens rather than show the data of an older run.
   */
  jobs: readonly string[];
  /** Endpoints whose answer comes from this source (a route may need several sources). */
  routes: readonly RouteName[];
  /**
   * Functions that call the vendor themselves besides `jobs` (chains fetched on request): with
   * `jobs`, exactly the functions that hold its key on AWS.
   */
  fetchedBy?: { routes: readonly RouteName[]; jobs: readonly string[] };
  /** The alert those endpoints answer in live mode while the source is unavailable. */
  unavailable: string;
  /**
   * When an environment variable picks the vendor (`provider` then names every choice): the vendor
   * each value selects, the first being the default. Sentences about a run name the one in use.
   * `keys`: the environment variable holding the key of each vendor that needs one (`envKey` is null).
   */
  choice?: { env: string; providers: Readonly<Record<string, string>>; keys: Readonly<Record<string, string>> };
}

const FLOW_ROUTES = [
  'get_current_options_flow',
  'get_historical_options_flow',
  'get_options_flow_most_otm_data',
  'get_options_flow_index_metrics_data',
  'get_options_flow_index_quotes_data',
  'get_options_flow_largest_flow_data',
  'get_options_flow_sector_inflow_data',
  'get_options_flow_high_oi_leaps_data',
  'get_options_flow_daily_over_avg_premiums_data',
  'get_options_flow_daily_over_avg_size_data',
  'get_options_flow_ticker_metrics_1d_data',
  'get_options_flow_ticker_metrics_data',
  'get_options_flow_intraday_premiums_data',
  'get_options_flow_seasonality_data',
  'get_options_flow_latest_trades_data',
  'get_options_flow_historical_premium_data',
  'get_options_flow_by_strike_data',
  'get_options_flow_top_premiums_data',
  'get_watchlist_flow',
  // The contract page's prints (issue 39).
  'get_option_contract_data',
  // The alert backtest replays the stored flow (issue 25).
  'backtest_alert_rule',
] as const satisfies readonly RouteName[];

export const DATA_SOURCES: readonly DataSource[] = [
  {
    id: 'polygon-daily-bars',
    name: 'Daily stock and ETF bars',
    provider: 'Polygon.io (grouped daily aggregates)',
    envKey: 'POLYGON_API_KEY',
    cost: 'paid',
    terms:
      'Stocks Basic is free (5 requests/minute, 2 years of end-of-day history); Stocks Starter and up remove the request limit and add more history.',
    liveAdapter: true,
    jobs: ['prices'],
    screens: [
      'Sector Performance',
      'Sector Rotation',
      'Market Map',
      'SPY To VIX',
      'Clusters',
      'ARIMA',
      'Factor Analysis',
      'Watchlist prices',
    ],
    routes: [
      'get_sector_performance_data',
      'get_sector_rotation_data',
      'get_mc_heatmap_data',
      'get_spy_to_vix_data',
      'get_ticker_prices',
      'get_clusters_data',
      'get_clusters_table_data',
      'get_clusters_prediction_data',
      'get_signals_data',
      'get_factor_analysis_data',
      'get_ts_arima_data',
      'get_watchlist_overview',
    ],
    unavailable: 'No price provider configured: set POLYGON_API_KEY to see this screen on live data.',
  },
  {
    id: 'benzinga-options-activity',
    name: 'Options flow (unusual options activity: sweeps and blocks)',
    provider: 'Benzinga (options activity API)',
    envKey: 'BENZINGA_API_KEY',
    cost: 'paid',
    terms: 'Paid licence only (priced on request by Benzinga); pages of 1,000 records, polled once a minute here.',
    liveAdapter: true,
    jobs: ['flow-ingest', 'flow-live-poll'],
    screens: ['Options Flow', 'Flow Dashboard', 'Flow Ticker Overview', 'Most OTM', 'Cumulative Top', 'Watchlist flow'],
    routes: FLOW_ROUTES,
    unavailable: 'No flow provider configured: set BENZINGA_API_KEY to see options flow on live data.',
  },
  {
    id: 'finra-short-volume',
    name: 'Daily short-sale volume (dark pools)',
    provider: 'FINRA Reg SHO consolidated NMS files (cdn.finra.org)',
    envKey: null,
    cost: 'free',
    terms:
      'Free public files, one per trading day after 6pm New York; no published rate limit (fetched one at a time).',
    liveAdapter: true,
    jobs: ['darkpools'],
    screens: ['Dark Pools'],
    routes: ['get_dark_pool_data', 'get_dark_pool_individual_data'],
    unavailable: 'FINRA short-sale volume is not available.',
  },
  {
    id: 'finra-short-interest',
    name: 'Equity short interest (twice a month)',
    provider: 'FINRA equity short-interest files (cdn.finra.org)',
    envKey: null,
    cost: 'free',
    terms: 'Free public files, published about 8 business days after each settlement date; no published rate limit.',
    liveAdapter: true,
    jobs: ['shortinterest'],
    screens: ['Short Interest'],
    routes: ['get_short_interest', 'get_ind_short_interest', 'get_ind_short_interest_info'],
    unavailable: 'FINRA short interest is not available.',
  },
  {
    id: 'cboe-option-chains',
    name: 'Option chains (quotes, open interest; SPY stored daily, other tickers on request)',
    provider: 'CBOE delayed quotes (cdn.cboe.com); Polygon when OPTION_CHAIN_SOURCE=polygon',
    envKey: null,
    cost: 'free',
    terms:
      'Free 15-minute delayed quotes; no published rate limit (60 requests a minute here; a chain asked for is kept 15 minutes for every server, and the daily ATM IV job reads about 2,400 chains after the close).',
    liveAdapter: true,
    jobs: ['optionwalls'],
    screens: ['Option Walls', 'Option Chain', 'Volatility'],
    routes: [
      'get_option_walls',
      'get_option_minmax',
      'get_option_chain',
      'get_volatility_data',
      'get_volatility_summary',
      'get_option_contract_data',
    ],
    fetchedBy: {
      routes: [
        'get_option_chain',
        'get_volatility_data',
        'get_volatility_summary',
        'get_option_walls',
        'get_option_contract_data',
      ],
      jobs: ['atm-iv'],
    },
    // Only a chosen vendor's missing key makes this source unavailable (CBOE needs none).
    unavailable:
      "Option chains are set to come from Polygon (OPTION_CHAIN_SOURCE=polygon), but POLYGON_API_KEY is not set: set it, or unset OPTION_CHAIN_SOURCE to use CBOE's free delayed quotes.",
    choice: {
      env: 'OPTION_CHAIN_SOURCE',
      providers: { cboe: 'CBOE delayed quotes (cdn.cboe.com)', polygon: 'Polygon.io option chain snapshots' },
      keys: { polygon: 'POLYGON_API_KEY' },
    },
  },
  {
    id: 'shiller-sp500',
    name: 'Monthly S&P 500 price, dividends, earnings and CAPE',
    provider: "Robert Shiller's U.S. stock market data (Yale)",
    envKey: null,
    cost: 'free',
    terms: 'Free spreadsheet, updated about monthly; fetched once a day at most.',
    liveAdapter: true,
    jobs: ['sp500-ratios'],
    screens: ['S&P 500 Statistics'],
    routes: ['get_sp500_ratios_data'],
    unavailable: 'The Shiller S&P 500 data is not available.',
  },
  {
    id: 'cboe-vix-history',
    name: 'VIX daily closes',
    provider: 'CBOE VIX history (cdn.cboe.com VIX_History.csv)',
    envKey: null,
    cost: 'free',
    terms:
      'Free public CSV of every day since 1990, updated each trading day; no published rate limit (one request a day gives the whole history).',
    liveAdapter: true,
    jobs: ['vix'],
    screens: ['SPY To VIX'],
    routes: ['get_spy_to_vix_data'],
    unavailable: 'The CBOE VIX history is not available.',
  },
  {
    id: 'nasdaq-symbol-directory',
    name: 'Ticker universe (listed stocks and ETFs with their names)',
    provider: 'Nasdaq Trader symbol directories (nasdaqlisted.txt, otherlisted.txt)',
    envKey: null,
    cost: 'free',
    terms: 'Free public files, rewritten each trading day; no published rate limit (two files a day).',
    liveAdapter: true,
    jobs: ['universe'],
    screens: ['Ticker search', 'Watchlist', 'Short Interest (single stock)', 'Dark Pools (single stock)'],
    routes: [
      'search_tickers',
      'get_ticker_info',
      'get_ind_short_interest',
      'get_ind_short_interest_info',
      'get_dark_pool_individual_data',
      'create_watchlist',
      'add_watchlist_tickers',
    ],
    unavailable: 'The Nasdaq Trader symbol directory is not available, so the ticker universe is not loaded.',
  },
];

/** The vendor this configuration uses for `source` (`env` holds variable names and values, e.g. process.env). */
export function providerInUse(source: DataSource, env: Readonly<Record<string, string | undefined>>): string {
  if (!source.choice) return source.provider;
  return source.choice.providers[vendorChosen(source.choice, env)]!;
}

/** The environment variable holding the key this configuration needs for `source` (null = none). */
export function keyInUse(source: DataSource, env: Readonly<Record<string, string | undefined>>): string | null {
  if (!source.choice) return source.envKey;
  return source.choice.keys[vendorChosen(source.choice, env)] ?? null;
}

/** The value of the choice's variable, or its first (default) vendor when unset or unknown. */
function vendorChosen(choice: NonNullable<DataSource['choice']>, env: Readonly<Record<string, string | undefined>>) {
  const picked = env[choice.env]?.trim().toLowerCase() ?? '';
  return picked in choice.providers ? picked : Object.keys(choice.providers)[0]!;
}

export type SourceState = 'demo' | 'ready' | 'missing_key' | 'no_live_adapter';

export interface SourceStatus {
  source: DataSource;
  state: SourceState;
  /** The key this configuration needs for it (`keyInUse`). */
  envKey: string | null;
}

/**
 * Each source's state for a data mode, the keys present (`hasKey` sees only names, never values)
 * and the vendor choices of `env`.
 */
export function sourceStatuses(
  mode: 'demo' | 'live',
  hasKey: (envKey: string) => boolean,
  env: Readonly<Record<string, string | undefined>>,
): SourceStatus[] {
  return DATA_SOURCES.map((source) => {
    const envKey = keyInUse(source, env);
    const state: SourceState =
      mode === 'demo'
        ? 'demo'
        : !source.liveAdapter
          ? 'no_live_adapter'
          : envKey && !hasKey(envKey)
            ? 'missing_key'
            : 'ready';
    return { source, state, envKey };
  });
}

/** The sources a route needs that cannot serve it now, in registry order (empty = it may answer). */
export function unavailableSourcesOf(route: RouteName, statuses: readonly SourceStatus[]): DataSource[] {
  return statuses
    .filter((s) => (s.state === 'missing_key' || s.state === 'no_live_adapter') && s.source.routes.includes(route))
    .map((s) => s.source);
}
