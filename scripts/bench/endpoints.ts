import type { RouteName } from '@tapewatch/shared/api/routes';

/**
 * Example queries for the bench, one per route that needs parameters. Routes not listed are
 * benched without a query (GET) or skipped (POST routes, which change state).
 */
export const benchQueries: Partial<Record<RouteName, string>> = {
  search_tickers: 'fragment=app',
  get_ticker_info: 'ticker=AAPL',
  get_ticker_prices: 'ticker=SPY&window=252&closed=true',
  get_dark_pool_data: 'top=Dark%20Pools%20Position%20%24&minmax=desc',
  get_dark_pool_individual_data: 'ticker=SPY',
  get_short_interest: 'top=float',
  get_ind_short_interest: 'ticker=AAPL',
  get_ind_short_interest_info: 'ticker=AAPL',
  // Default parameters; the first request computes, the rest hit the per-parameter cache.
  get_clusters_data: 'ticker=AAPL&nb_clusters=8&length=10&metric=euclidean&iterations=10&features=pcvol&training_window=400',
  get_clusters_prediction_data: 'ticker=AAPL&d1=0.001&d2=0.002&d5=0.005&d10=0.01&d20=0.02',
  // No parameters (SPY only): benched as plain GETs of the precomputed snapshots.
  get_option_walls: '',
  get_option_minmax: '',
  get_spy_to_vix_data: '',
  get_sector_rotation_data: 'index=nasdaq100&lookback=26&factor=momentum',
  get_mc_heatmap_data: '',
  get_sp500_ratios_data: 'dataset=sp500_pe_ratio_month',
  get_signals_data: '',
  get_factor_analysis_data: 'ticker=SPY&factor=uptrend&timeframe=weekly',
  // Spec defaults; the first request fits the model, the rest hit the per-parameter cache.
  get_ts_arima_data: 'ticker=SPY&p=1&d=1&q=1&trend=t&stationarity=1&invertibility=1&offset=1&concentrate=0',
  // Ticker Overview: summaries (cached per container) and one memoized ticker-day.
  get_options_flow_ticker_metrics_1d_data: 'ticker=SPY',
  get_options_flow_ticker_metrics_data: 'ticker=SPY',
  get_options_flow_intraday_premiums_data: 'ticker=SPY&interval=0',
  get_options_flow_seasonality_data: 'ticker=SPY',
  get_options_flow_latest_trades_data: 'ticker=SPY',
  // Cumulative Stats / Top Premiums: summed from the day summaries (top premiums memoized per lookback).
  get_options_flow_historical_premium_data: 'ticker=SPY&lookback=40',
  get_options_flow_by_strike_data: 'ticker=SPY&lookback=40',
  get_options_flow_top_premiums_data: 'lookback=100',
  // Options-flow Dashboard (issue 11; p99 80 ms): no parameters, from the day summaries and the day's flow.
  get_options_flow_index_metrics_data: '',
  get_options_flow_index_quotes_data: '',
  get_options_flow_largest_flow_data: '',
  get_options_flow_sector_inflow_data: '',
  get_options_flow_high_oi_leaps_data: '',
  get_options_flow_daily_over_avg_premiums_data: '',
  get_options_flow_daily_over_avg_size_data: '',
  // Issue 10's case: a range wide enough for the 10,000-row cap, with 3 filters (Premium >= $5K, DTE >= 1, Size >= 2).
  get_historical_options_flow: `dates=${encodeURIComponent('{"start":"2024-01-02","end":"2024-03-08"}')}&filters=${encodeURIComponent(
    JSON.stringify([
      { filter: 'Premium', selector: 'Greater than equal', value: '5' },
      { filter: 'DTE', selector: 'Greater than equal', value: '1' },
      { filter: 'Size', selector: 'Greater than equal', value: '2' },
    ]),
  )}`,
};

/** Screens whose initial JavaScript is measured (path as a user opens it). */
export const benchPages: readonly string[] = ['/Sectorperformance', '/shortinterest', '/optionwalls', '/darkpools', '/spytovix', '/clusters', '/clusterstable', '/Sectorrotation', '/arima', '/sp500stats', '/factor-analysis', '/factor-analysis-table', '/', '/subscriptioncards', '/profile', '/no-such-page', '/optionsflow', '/test', '/optionsflow-ticker-overview', '/optionsflowcumulativestats', '/optionsflowtoppremiums', '/optionsflow-dashboard'];
