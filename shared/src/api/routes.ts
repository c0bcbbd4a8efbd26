import { z } from 'zod';
import {
  darkPoolsCsv,
  fieldColumns,
  optionChainCsv,
  shortInterestCsv,
  signalsCsv,
  type CsvColumn,
} from './csv-columns.ts';
import { sectorPerformanceSchema } from '../schemas/sectors.ts';
import {
  clustersPredictionQuery,
  clusterPredictionsSchema,
  clustersQuery,
  clustersResponse,
  clustersTableResponse,
} from '../schemas/clusters.ts';
import { spyToVixSchema } from '../schemas/spy-to-vix.ts';
import { sp500RatiosQuery, sp500RatiosResponse } from '../schemas/sp500.ts';
import { arimaQuery, arimaResponse } from '../schemas/arima.ts';
import { signalsResponse } from '../schemas/signals.ts';
import { factorAnalysisQuery, factorAnalysisResponse } from '../schemas/factor-analysis.ts';
import { mcHeatmapResponse, sectorRotationQuery, sectorRotationResponse } from '../schemas/sector-rotation.ts';
import { optionMinmaxSchema, optionWallsQuery, optionWallsSchema } from '../schemas/option-walls.ts';
import { optionChainQuery, optionChainResponse } from '../schemas/option-chain.ts';
import { optionContractQuery, optionContractResponse } from '../schemas/option-contract.ts';
import { volatilityQuery, volatilityResponse, volatilitySummaryResponse } from '../schemas/volatility.ts';
import {
  indShortInterestInfoResponse,
  indShortInterestQuery,
  indShortInterestResponse,
  shortInterestQuery,
  shortInterestResponse,
} from '../schemas/short-interest.ts';
import {
  darkPoolDataQuery,
  darkPoolDataResponse,
  darkPoolIndividualQuery,
  darkPoolIndividualResponse,
} from '../schemas/dark-pools.ts';
import { appInfoSchema, dataStatusSchema, openApiDocumentSchema } from '../schemas/meta.ts';
import {
  currentFlowQuery,
  currentFlowResponse,
  flowTradeSchema,
  historicalFlowQuery,
  historicalFlowResponse,
  mostOtmResponse,
  testSocketResponse,
} from '../schemas/flow.ts';
import {
  intradayPremiumsQuery,
  intradayPremiumsResponse,
  latestTradesResponse,
  seasonalityResponse,
  tickerMetrics1dResponse,
  tickerMetrics5dResponse,
  tickerOverviewQuery,
} from '../schemas/flow-ticker-overview.ts';
import {
  highOiLeapsResponse,
  indexMetricsResponse,
  indexQuotesResponse,
  largestFlowResponse,
  overAvgResponse,
  sectorInflowResponse,
} from '../schemas/flow-dashboard.ts';
import {
  byStrikeQuery,
  byStrikeResponse,
  historicalPremiumQuery,
  historicalPremiumResponse,
  topPremiumsQuery,
  topPremiumsResponse,
} from '../schemas/flow-cumulative-top.ts';
import {
  accountAlertResponse,
  deleteUserBody,
  emailBody,
  loginBody,
  loginResponse,
  logoutBody,
  noCredentialsQuery,
  passwordTokenResponse,
  refreshTokenBody,
  refreshTokenResponse,
  signupBody,
  signupResponse,
  tokenBody,
  updatePasswordBody,
  userInfoResponse,
} from '../schemas/accounts.ts';
import {
  searchTickersQuery,
  searchTickersResponse,
  tickerInfoQuery,
  tickerInfoResponse,
  tickerPricesQuery,
  tickerPricesResponse,
} from '../schemas/tickers.ts';
import {
  checkoutSessionBody,
  checkoutSessionResponse,
  manageSubscriptionResponse,
  stripeWebhookBody,
  stripeWebhookResponse,
} from '../schemas/payments.ts';
import {
  createWatchlistBody,
  deleteWatchlistBody,
  deleteWatchlistResponse,
  orderWatchlistTickersBody,
  renameWatchlistBody,
  reorderWatchlistsBody,
  watchlistFlowQuery,
  watchlistFlowResponse,
  watchlistOverviewQuery,
  watchlistOverviewResponse,
  watchlistsResponse,
  watchlistTickersBody,
  watchlistWriteResponse,
} from '../schemas/watchlists.ts';
import {
  apiKeysResponse,
  createApiKeyBody,
  createApiKeyResponse,
  revokeApiKeyBody,
  revokeApiKeyResponse,
} from '../schemas/api-keys.ts';
import {
  alertHistoryQuery,
  alertHistoryResponse,
  alertRuleIdBody,
  alertRuleInput,
  alertRuleResponse,
  alertRulesResponse,
  alertRuleStatusBody,
  backtestBody,
  backtestResponse,
  deleteAlertRuleResponse,
  markAlertsReadBody,
  markAlertsReadResponse,
  pauseFromEmailBody,
  pauseFromEmailResponse,
  updateAlertRuleBody,
} from '../schemas/alerts.ts';
import {
  pushConfigResponse,
  pushSubscribeResponse,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  pushUnsubscribeResponse,
} from '../schemas/alert-push.ts';

/**
 * THE route table. CDK creates one Lambda + API route per entry, the local runtime mounts the
 * same entries, and the web client is typed from it. Adding an endpoint = one entry here, one
 * handler file at functions/src/http/<handler>.ts, and its tests.
 */
export type AuthLevel = 'public' | 'user' | 'subscriber';
export type HttpMethod = 'GET' | 'POST';

export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  M extends HttpMethod = HttpMethod,
> {
  method: M;
  path: `/api/${string}`;
  /** One sentence for the API reference (OpenAPI `summary`): what the caller gets. */
  summary: string;
  auth: AuthLevel;
  /** Query string schema (values arrive as strings). Strict: unknown parameters are rejected. */
  query: Q;
  /**
   * A valid query string for a GET route (URL-encoded, no '?'; '' when it takes none). Required for
   * every GET route (routes.test.ts): the authz matrix and the fuzzer expect it to answer 200, the
   * fuzzer mutates it, and the bench times it.
   */
  example?: string;
  /** JSON body schema for POST routes. */
  body: B;
  /**
   * A body the schema accepts, for every POST route whose body is required (routes.test.ts): the
   * fuzzer sends it, then mutations of it. Credentials and tokens are made up: it need not succeed.
   */
  exampleBody?: z.input<B>;
  response: R;
  /** Module under functions/src/http/ exporting `handler`. */
  handler: string;
  /** Seconds browsers and CloudFront may cache a successful answer (0 = no-store). */
  cacheSeconds: number;
  /** Needs write access to these tables (read access is implied by `reads`). */
  reads: readonly TableName[];
  writes: readonly TableName[];
  /**
   * Cognito admin actions the handler's code calls on the user pool (platform/identity.ts maps
   * each port method to its actions). CDK grants exactly these; RevokeToken and the JWKS need none.
   */
  cognito: readonly CognitoAction[];
  /** Sends mail through the mail port (SES on AWS): gets ses:SendEmail and MAIL_FROM. */
  mail: boolean;
  /** Secrets loaded from Secrets Manager at cold start; CDK grants read on these alone. */
  secrets: readonly AppSecret[];
  /**
   * Closes the caller's live-flow sockets (logout, password reset, deletion) through the WebSocket
   * Management API: gets execute-api:ManageConnections on the stage and WS_MANAGEMENT_ENDPOINT.
   */
  liveSockets: boolean;
  /**
   * Answers with or checks the Web Push public key (browser notifications of flow alerts): CDK sets
   * VAPID_PUBLIC_KEY and VAPID_SUBJECT on it when push is configured. Never the private key, which
   * only the jobs that send pushes may read.
   */
  pushKey: boolean;
  /**
   * Whether an API key (`Authorization: Bearer tw_live_...`) may call it. False for the account
   * areas (accounts, payments, api-keys): a leaked key must not change the password, delete the
   * account, mint keys or reach payments. A key request also counts against the key's quota, which
   * the wrapper writes in the app table (CDK grants those counter items alone).
   */
  acceptsKey: boolean;
  /**
   * Answers from stored, precomputed or kept data in a few milliseconds: no model fits, multi-day
   * scans or backtests. Only such a read-only route may start while an API key is still being
   * counted (lib/http.ts), so a request the count refuses (revoked key, spent quota, lapsed plan)
   * never pays for an expensive answer it will not get.
   */
  cheap: boolean;
  /**
   * The answer is a table: `?format=csv` returns it as CSV (text/csv) with the columns of the page's
   * own CSV export (api/csv-columns.ts). `rows` names the answer's array (null: the answer is the array).
   * Routes without it refuse format=csv with a 400.
   */
  csv?: CsvTable;
}

export interface CsvTable {
  rows: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: each table's columns take its own row type
  columns: readonly CsvColumn<any>[];
}

const csvTable = <Row>(columns: readonly CsvColumn<Row>[], rows: string | null): CsvTable => ({ rows, columns });

/** Handler areas a key may never call (see RouteDef.acceptsKey). */
export const accountAreas = ['accounts', 'payments', 'api-keys'] as const;

export type TableName = 'app' | 'market' | 'flow';

export const cognitoActions = [
  'AdminConfirmSignUp',
  'AdminCreateUser',
  'AdminDeleteUser',
  'AdminGetUser',
  'AdminInitiateAuth',
  'AdminSetUserPassword',
  'AdminUpdateUserAttributes',
  'AdminUserGlobalSignOut',
] as const;
export type CognitoAction = (typeof cognitoActions)[number];

/**
 * stripe: the API key and webhook secret; checkoutTicket: the HMAC key of the sign-up checkout ticket;
 * alertLink: the HMAC key of the pause links in alert emails.
 */
export type AppSecret = 'stripe' | 'checkoutTicket' | 'alertLink';

/** Flow data plus the market table's job log, which live mode checks before serving the feed's data. */
const FLOW_FEED_READS: readonly TableName[] = ['app', 'flow', 'market'];

const noQuery = z.strictObject({});
const noBody = z.undefined();

function route<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, M extends HttpMethod>(
  def: Omit<
    RouteDef<Q, B, R, M>,
    | 'body'
    | 'reads'
    | 'writes'
    | 'cacheSeconds'
    | 'cognito'
    | 'mail'
    | 'secrets'
    | 'liveSockets'
    | 'pushKey'
    | 'acceptsKey'
    | 'cheap'
  > & {
    body?: B;
    reads?: readonly TableName[];
    writes?: readonly TableName[];
    cacheSeconds?: number;
    cognito?: readonly CognitoAction[];
    mail?: boolean;
    secrets?: readonly AppSecret[];
    liveSockets?: boolean;
    pushKey?: boolean;
    cheap?: boolean;
  },
): RouteDef<Q, B, R, M> {
  const acceptsKey = !(accountAreas as readonly string[]).includes(def.handler.split('/')[0]!);
  return {
    ...def,
    body: (def.body ?? noBody) as B,
    // Routes that authenticate (any user route, and every route a key may call) load the caller's
    // profile, token denylist or key from the app table.
    reads:
      def.auth === 'public' && !acceptsKey ? (def.reads ?? []) : [...new Set<TableName>([...(def.reads ?? []), 'app'])],
    writes: def.writes ?? [],
    cacheSeconds: def.cacheSeconds ?? 0,
    cognito: def.cognito ?? [],
    mail: def.mail ?? false,
    secrets: def.secrets ?? [],
    liveSockets: def.liveSockets ?? false,
    pushKey: def.pushKey ?? false,
    cheap: def.cheap ?? false,
    acceptsKey,
  };
}

export const routes = {
  get_app_info: route({
    method: 'GET',
    path: '/api/get_app_info',
    summary: 'Which data the deployment serves (demo or live), its as-of date and version.',
    auth: 'public',
    query: noQuery,
    example: '',
    response: appInfoSchema,
    handler: 'meta/get-app-info',
    cheap: true,
    cacheSeconds: 60,
  }),
  get_openapi: route({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document: the OpenAPI 3.1 description of every route, generated from the route table.',
    auth: 'public',
    query: noQuery,
    example: '',
    response: openApiDocumentSchema,
    handler: 'meta/get-openapi',
    cheap: true,
    cacheSeconds: 300,
  }),
  get_data_status: route({
    method: 'GET',
    path: '/api/get_data_status',
    summary:
      'Each market-data source (key needed, configured or not, the screens it feeds), when each job last ran and the dates its data covers.',
    auth: 'public',
    query: noQuery,
    example: '',
    response: dataStatusSchema,
    handler: 'meta/get-data-status',
    cheap: true,
    reads: ['market'],
  }),
  get_sector_performance_data: route({
    method: 'GET',
    path: '/api/get_sector_performance_data',
    summary: 'Sector ETF returns over 1 day to 1 year, monthly seasonality and the market map of S&P 500 members.',
    auth: 'public',
    query: noQuery,
    example: '',
    response: sectorPerformanceSchema,
    handler: 'sectors/get-sector-performance-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_spy_to_vix_data: route({
    method: 'GET',
    path: '/api/get_spy_to_vix_data',
    summary: 'SPY returns regressed on VIX changes over several horizons (Newey-West errors).',
    auth: 'public',
    query: noQuery,
    example: '',
    response: spyToVixSchema,
    handler: 'spy-to-vix/get-spy-to-vix-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_sector_rotation_data: route({
    method: 'GET',
    path: '/api/get_sector_rotation_data',
    summary: 'Relative rotation of sectors or index members against their benchmark (relative strength and momentum).',
    auth: 'public',
    query: sectorRotationQuery,
    example: 'index=nasdaq100&lookback=26&factor=momentum',
    response: sectorRotationResponse,
    handler: 'sectors/get-sector-rotation-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_sp500_ratios_data: route({
    method: 'GET',
    path: '/api/get_sp500_ratios_data',
    summary: 'Long-run S&P 500 valuation series (P/E, CAPE, yields) from the Shiller and multpl datasets.',
    auth: 'public',
    query: sp500RatiosQuery,
    example: 'dataset=sp500_pe_ratio_month',
    response: sp500RatiosResponse,
    handler: 'sp500/get-sp500-ratios-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_mc_heatmap_data: route({
    method: 'GET',
    path: '/api/get_mc_heatmap_data',
    summary: 'Market caps and returns of the index members, by sector (market-cap heatmap; caps are estimates).',
    auth: 'public',
    query: noQuery,
    example: '',
    response: mcHeatmapResponse,
    handler: 'sectors/get-mc-heatmap-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_option_walls: route({
    method: 'GET',
    path: '/api/get_option_walls',
    summary:
      'Delta-adjusted open interest by strike and expiry (call and put walls) and gamma exposure of SPY, or of `ticker`.',
    auth: 'public',
    query: optionWallsQuery,
    example: '',
    response: optionWallsSchema,
    handler: 'option-walls/get-option-walls',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_option_minmax: route({
    method: 'GET',
    path: '/api/get_option_minmax',
    summary: 'Per day, the largest call and put delta-adjusted open interest and their strikes.',
    auth: 'public',
    query: noQuery,
    example: '',
    response: optionMinmaxSchema,
    handler: 'option-walls/get-option-minmax',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  // Issue 38: option chain and volatility of any optionable ticker (routes kept together).
  get_option_chain: route({
    method: 'GET',
    path: '/api/get_option_chain',
    summary:
      "A ticker's option chain for one expiration (the nearest monthly by default, or all): quotes, volume, open interest, and IV and Greeks of each mid.",
    auth: 'public',
    query: optionChainQuery,
    example: 'ticker=SPY',
    response: optionChainResponse,
    handler: 'option-chain/get-option-chain',
    // Computes IVs of a whole chain when not kept (a few hundred ms for SPY).
    cheap: false,
    reads: ['market'],
    cacheSeconds: 300,
    csv: csvTable(optionChainCsv, 'rows'),
  }),
  get_volatility_data: route({
    method: 'GET',
    path: '/api/get_volatility_data',
    summary:
      "A ticker's implied volatility in context: ATM IV, IV rank and percentile over 252 sessions, realised volatility, term structure, 25-delta skew and expected moves.",
    auth: 'public',
    query: volatilityQuery,
    example: 'ticker=SPY',
    response: volatilityResponse,
    handler: 'option-chain/get-volatility-data',
    // Computes IVs of a whole chain when not kept (a few hundred ms for SPY).
    cheap: false,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_volatility_summary: route({
    method: 'GET',
    path: '/api/get_volatility_summary',
    summary:
      "A ticker's IV rank and percentile and its nearest expiration's expected move (the quote panel's options line); optionable false for an index.",
    auth: 'public',
    query: volatilityQuery,
    example: 'ticker=SPY',
    response: volatilitySummaryResponse,
    handler: 'option-chain/get-volatility-summary',
    // Prices one expiration (a few hundred mids) when the whole chain is not priced yet.
    cheap: false,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  search_tickers: route({
    method: 'GET',
    path: '/api/search_tickers',
    summary: 'Tickers and company names that match a fragment.',
    auth: 'public',
    query: searchTickersQuery,
    example: 'fragment=app',
    response: searchTickersResponse,
    handler: 'tickers/search-tickers',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 3600,
  }),
  get_ticker_info: route({
    method: 'GET',
    path: '/api/get_ticker_info',
    summary: 'Company profile of a ticker: name, sector, shares outstanding, market cap estimate.',
    auth: 'public',
    query: tickerInfoQuery,
    example: 'ticker=AAPL',
    response: tickerInfoResponse,
    handler: 'tickers/get-ticker-info',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 60,
  }),
  get_ticker_prices: route({
    method: 'GET',
    path: '/api/get_ticker_prices',
    summary: 'Daily closes of a ticker over a window of trading days.',
    auth: 'public',
    query: tickerPricesQuery,
    example: 'ticker=SPY&window=252&closed=true',
    response: tickerPricesResponse,
    handler: 'tickers/get-ticker-prices',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_short_interest: route({
    method: 'GET',
    path: '/api/get_short_interest',
    summary: 'Short interest of the universe at the latest FINRA settlement, ranked by a chosen column.',
    auth: 'public',
    query: shortInterestQuery,
    example: 'top=float',
    response: shortInterestResponse,
    csv: csvTable(shortInterestCsv, 'data'),
    handler: 'short-interest/get-short-interest',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_ind_short_interest: route({
    method: 'GET',
    path: '/api/get_ind_short_interest',
    summary: 'Short-interest history of one ticker, settlement by settlement.',
    auth: 'public',
    query: indShortInterestQuery,
    example: 'ticker=AAPL',
    response: indShortInterestResponse,
    handler: 'short-interest/get-ind-short-interest',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_ind_short_interest_info: route({
    method: 'GET',
    path: '/api/get_ind_short_interest_info',
    summary: 'Latest short-interest figures of one ticker (% of float, days to cover).',
    auth: 'public',
    query: indShortInterestQuery,
    example: 'ticker=AAPL',
    response: indShortInterestInfoResponse,
    handler: 'short-interest/get-ind-short-interest-info',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_dark_pool_data: route({
    method: 'GET',
    path: '/api/get_dark_pool_data',
    summary: 'Dark-pool (FINRA off-exchange) positions of the universe, ranked by a chosen column.',
    auth: 'public',
    query: darkPoolDataQuery,
    example: 'top=Dark%20Pools%20Position%20%24&minmax=desc',
    response: darkPoolDataResponse,
    csv: csvTable(darkPoolsCsv, 'data'),
    handler: 'dark-pools/get-dark-pool-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_dark_pool_individual_data: route({
    method: 'GET',
    path: '/api/get_dark_pool_individual_data',
    summary: 'Daily dark-pool short volume and position history of one ticker.',
    auth: 'public',
    query: darkPoolIndividualQuery,
    example: 'ticker=SPY',
    response: darkPoolIndividualResponse,
    handler: 'dark-pools/get-dark-pool-individual-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_clusters_data: route({
    method: 'GET',
    path: '/api/get_clusters_data',
    summary: "k-means clusters of a ticker's recent return patterns and the average path that follows each.",
    auth: 'public',
    query: clustersQuery,
    example: 'ticker=AAPL&nb_clusters=8&length=10&metric=euclidean&iterations=10&features=pcvol&training_window=400',
    response: clustersResponse,
    handler: 'clusters/get-clusters-data',
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_clusters_table_data: route({
    method: 'GET',
    path: '/api/get_clusters_table_data',
    summary: "Today's cluster and expected returns for every ticker of the universe (precomputed nightly).",
    auth: 'public',
    query: noQuery,
    example: '',
    response: clustersTableResponse,
    handler: 'clusters/get-clusters-table-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_clusters_prediction_data: route({
    method: 'GET',
    path: '/api/get_clusters_prediction_data',
    summary: 'The cluster of a given return pattern and its expected returns.',
    auth: 'public',
    query: clustersPredictionQuery,
    example: 'ticker=AAPL&d1=0.001&d2=0.002&d5=0.005&d10=0.01&d20=0.02',
    response: clusterPredictionsSchema,
    handler: 'clusters/get-clusters-prediction-data',
    reads: ['market'],
    cacheSeconds: 300,
  }),
  submit_signup: route({
    method: 'POST',
    path: '/api/submit_signup',
    summary: 'Creates an account and sends the confirmation mail.',
    auth: 'public',
    query: noCredentialsQuery,
    body: signupBody,
    exampleBody: {
      username: 'example_user',
      email: 'example@example.com',
      password: 'Example-pass-1',
      password_confirmation: 'Example-pass-1',
      selected_subscription: 'free',
    },
    response: signupResponse,
    handler: 'accounts/submit-signup',
    writes: ['app'],
    // findByEmail, passwordMatches (login), signUp (create + set password, delete on failure), replace.
    cognito: ['AdminGetUser', 'AdminInitiateAuth', 'AdminCreateUser', 'AdminSetUserPassword', 'AdminDeleteUser'],
    mail: true,
    secrets: ['checkoutTicket'],
  }),
  get_token_confirmation: route({
    method: 'POST',
    path: '/api/get_token_confirmation',
    summary: 'Confirms an account with the token of its confirmation mail.',
    auth: 'public',
    query: noCredentialsQuery,
    body: tokenBody,
    exampleBody: { token: 'not-a-real-token' },
    response: accountAlertResponse,
    handler: 'accounts/get-token-confirmation',
    writes: ['app'],
    cognito: ['AdminConfirmSignUp', 'AdminUpdateUserAttributes'],
  }),
  submit_login: route({
    method: 'POST',
    path: '/api/submit_login',
    summary: 'Signs in with username or email and password; returns the session tokens.',
    auth: 'public',
    query: noCredentialsQuery,
    body: loginBody,
    exampleBody: { username_or_email: 'example@example.com', password: 'Example-pass-1', remember: false },
    response: loginResponse,
    handler: 'accounts/submit-login',
    writes: ['app'],
    cognito: ['AdminInitiateAuth', 'AdminGetUser'],
  }),
  refresh_token: route({
    method: 'POST',
    path: '/api/refresh_token',
    summary: 'Exchanges a refresh token for a new access token.',
    auth: 'public',
    query: noCredentialsQuery,
    body: refreshTokenBody,
    exampleBody: { refresh_token: 'not-a-real-token' },
    response: refreshTokenResponse,
    handler: 'accounts/refresh-token',
    writes: ['app'],
    cognito: ['AdminInitiateAuth'],
  }),
  submit_logout: route({
    method: 'POST',
    path: '/api/submit_logout',
    summary: "Signs out: revokes the refresh token and closes the session's live sockets.",
    auth: 'public',
    query: noCredentialsQuery,
    body: logoutBody,
    response: accountAlertResponse,
    handler: 'accounts/submit-logout',
    writes: ['app'],
    liveSockets: true,
  }),
  resend_confirmation: route({
    method: 'POST',
    path: '/api/resend_confirmation',
    summary: 'Sends the confirmation mail again.',
    auth: 'public',
    query: noCredentialsQuery,
    body: emailBody,
    exampleBody: { email: 'example@example.com' },
    response: accountAlertResponse,
    handler: 'accounts/resend-confirmation',
    writes: ['app'],
    cognito: ['AdminGetUser'],
    mail: true,
  }),
  reset_password: route({
    method: 'POST',
    path: '/api/reset_password',
    summary: 'Sends a password-reset mail (the answer never says whether the account exists).',
    auth: 'public',
    query: noCredentialsQuery,
    body: emailBody,
    exampleBody: { email: 'example@example.com' },
    response: accountAlertResponse,
    handler: 'accounts/reset-password',
    writes: ['app'],
    cognito: ['AdminGetUser'],
    mail: true,
  }),
  get_password_token_confirmation: route({
    method: 'POST',
    path: '/api/get_password_token_confirmation',
    summary: 'Checks a password-reset token before the new password is chosen.',
    auth: 'public',
    query: noCredentialsQuery,
    body: tokenBody,
    exampleBody: { token: 'not-a-real-token' },
    response: passwordTokenResponse,
    handler: 'accounts/get-password-token-confirmation',
    writes: ['app'],
  }),
  update_password: route({
    method: 'POST',
    path: '/api/update_password',
    summary: 'Sets a new password with a password-reset token.',
    auth: 'public',
    query: noCredentialsQuery,
    body: updatePasswordBody,
    exampleBody: { password: 'Example-pass-2', password_confirmation: 'Example-pass-2', token: 'not-a-real-token' },
    response: accountAlertResponse,
    handler: 'accounts/update-password',
    writes: ['app'],
    liveSockets: true,
    // setPassword, signOutEverywhere, confirm (the link proved the mailbox).
    cognito: ['AdminSetUserPassword', 'AdminUserGlobalSignOut', 'AdminConfirmSignUp', 'AdminUpdateUserAttributes'],
  }),
  get_user_info: route({
    method: 'GET',
    path: '/api/get_user_info',
    summary: "The signed-in user's profile and plan.",
    auth: 'public',
    query: noQuery,
    example: '',
    response: userInfoResponse,
    handler: 'accounts/get-user-info',
    reads: ['app'],
  }),
  delete_user: route({
    method: 'POST',
    path: '/api/delete_user',
    summary: "Deletes the signed-in user's account and its data (the password is asked again).",
    auth: 'user',
    query: noQuery,
    body: deleteUserBody,
    exampleBody: { password: 'correct horse battery' },
    response: accountAlertResponse,
    handler: 'accounts/delete-user',
    writes: ['app'],
    liveSockets: true,
    cognito: ['AdminInitiateAuth', 'AdminDeleteUser'],
    // Cancels the paid plan at Stripe before the account goes.
    secrets: ['stripe'],
  }),
  checkoutsession: route({
    method: 'POST',
    path: '/api/checkoutsession',
    summary: 'Starts a Stripe Checkout for the basic plan.',
    // Public so the signed sign-up ticket works without a token; the handler requires one or the other.
    auth: 'public',
    query: noQuery,
    body: checkoutSessionBody,
    response: checkoutSessionResponse,
    handler: 'payments/checkout-session',
    reads: ['app'],
    secrets: ['stripe', 'checkoutTicket'],
  }),
  manage_subscription: route({
    method: 'POST',
    path: '/api/manage_subscription',
    summary: 'Opens the Stripe customer portal for the signed-in subscriber.',
    auth: 'user',
    query: noQuery,
    response: manageSubscriptionResponse,
    handler: 'payments/manage-subscription',
    secrets: ['stripe'],
  }),
  stripe_webhook: route({
    method: 'POST',
    path: '/api/stripe_webhook',
    summary: 'Stripe events (signature-checked) that set the subscription state.',
    auth: 'public',
    query: noQuery,
    body: stripeWebhookBody,
    response: stripeWebhookResponse,
    handler: 'payments/stripe-webhook',
    writes: ['app'],
    secrets: ['stripe'],
  }),
  get_signals_data: route({
    method: 'GET',
    path: '/api/get_signals_data',
    summary: 'Latest factor signals (trend, momentum, mean reversion...) for every ticker.',
    auth: 'public',
    query: noQuery,
    example: '',
    response: signalsResponse,
    csv: csvTable(signalsCsv, null),
    handler: 'signals/get-signals-data',
    cheap: true,
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_factor_analysis_data: route({
    method: 'GET',
    path: '/api/get_factor_analysis_data',
    summary: 'Walk-forward backtest of a factor signal on one ticker: forward returns, hit rates, statistics.',
    auth: 'public',
    query: factorAnalysisQuery,
    example: 'ticker=SPY&factor=uptrend&timeframe=weekly',
    response: factorAnalysisResponse,
    handler: 'factor-analysis/get-factor-analysis-data',
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_ts_arima_data: route({
    method: 'GET',
    path: '/api/get_ts_arima_data',
    summary: "Fits an ARIMA(p,d,q) model to a ticker's prices and returns the summary, diagnostics and forecast.",
    auth: 'public',
    query: arimaQuery,
    example: 'ticker=SPY&p=1&d=1&q=1&trend=t&stationarity=1&invertibility=1&offset=1&concentrate=0',
    response: arimaResponse,
    handler: 'arima/get-ts-arima-data',
    reads: ['market'],
    cacheSeconds: 300,
  }),
  get_current_options_flow: route({
    method: 'GET',
    path: '/api/get_current_options_flow',
    summary: "Today's options flow (every trade of the session so far).",
    auth: 'subscriber',
    query: currentFlowQuery,
    example: '',
    response: currentFlowResponse,
    csv: csvTable(fieldColumns(flowTradeSchema), 'options_flow'),
    handler: 'flow/get-current-options-flow',
    cheap: true,
    reads: FLOW_FEED_READS,
  }),
  get_historical_options_flow: route({
    method: 'GET',
    path: '/api/get_historical_options_flow',
    summary: 'Options flow over a date range with filters (newest first, at most 10,000 rows).',
    auth: 'subscriber',
    query: historicalFlowQuery,
    // Issue 10's case: a range wide enough for the 10,000-row cap, with 3 filters (Premium >= $5K, DTE >= 1, Size >= 2).
    example: `dates=${encodeURIComponent('{"start":"2024-01-02","end":"2024-03-08"}')}&filters=${encodeURIComponent(
      JSON.stringify([
        { filter: 'Premium', selector: 'Greater than equal', value: '5' },
        { filter: 'DTE', selector: 'Greater than equal', value: '1' },
        { filter: 'Size', selector: 'Greater than equal', value: '2' },
      ]),
    )}`,
    response: historicalFlowResponse,
    csv: csvTable(fieldColumns(flowTradeSchema), 'options_flow'),
    handler: 'flow/get-historical-options-flow',
    reads: FLOW_FEED_READS,
  }),
  get_options_flow_most_otm_data: route({
    method: 'GET',
    path: '/api/get_options_flow_most_otm_data',
    summary: "The day's trades furthest out of the money.",
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: mostOtmResponse,
    handler: 'flow/get-options-flow-most-otm-data',
    cheap: true,
    reads: FLOW_FEED_READS,
  }),
  get_options_flow_index_metrics_data: route({
    method: 'GET',
    path: '/api/get_options_flow_index_metrics_data',
    summary: 'Call and put premium and trade counts of the index ETFs today.',
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: indexMetricsResponse,
    handler: 'flow/get-options-flow-index-metrics-data',
    cheap: true,
    reads: FLOW_FEED_READS,
  }),
  get_options_flow_index_quotes_data: route({
    method: 'GET',
    path: '/api/get_options_flow_index_quotes_data',
    summary: 'Latest quotes of the index ETFs shown on the flow dashboard.',
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: indexQuotesResponse,
    handler: 'flow/get-options-flow-index-quotes-data',
    cheap: true,
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_largest_flow_data: route({
    method: 'GET',
    path: '/api/get_options_flow_largest_flow_data',
    summary: 'The tickers with the largest call and put premium today.',
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: largestFlowResponse,
    handler: 'flow/get-options-flow-largest-flow-data',
    cheap: true,
    reads: FLOW_FEED_READS,
  }),
  get_options_flow_sector_inflow_data: route({
    method: 'GET',
    path: '/api/get_options_flow_sector_inflow_data',
    summary: 'Call and put premium by sector today.',
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: sectorInflowResponse,
    handler: 'flow/get-options-flow-sector-inflow-data',
    cheap: true,
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_high_oi_leaps_data: route({
    method: 'GET',
    path: '/api/get_options_flow_high_oi_leaps_data',
    summary: "Today's LEAPS trades with high open interest.",
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: highOiLeapsResponse,
    handler: 'flow/get-options-flow-high-oi-leaps-data',
    cheap: true,
    reads: FLOW_FEED_READS,
  }),
  get_options_flow_daily_over_avg_premiums_data: route({
    method: 'GET',
    path: '/api/get_options_flow_daily_over_avg_premiums_data',
    summary: 'Tickers whose premium today is furthest above their 20-day average.',
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: overAvgResponse,
    handler: 'flow/get-options-flow-daily-over-avg-premiums-data',
    cheap: true,
    reads: FLOW_FEED_READS,
  }),
  get_options_flow_daily_over_avg_size_data: route({
    method: 'GET',
    path: '/api/get_options_flow_daily_over_avg_size_data',
    summary: 'Tickers whose traded size today is furthest above their 20-day average.',
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: overAvgResponse,
    handler: 'flow/get-options-flow-daily-over-avg-size-data',
    cheap: true,
    reads: FLOW_FEED_READS,
  }),
  get_options_flow_ticker_metrics_1d_data: route({
    method: 'GET',
    path: '/api/get_options_flow_ticker_metrics_1d_data',
    summary: "One ticker's flow today: premium, trades, put/call ratio.",
    auth: 'subscriber',
    query: tickerOverviewQuery,
    example: 'ticker=SPY',
    response: tickerMetrics1dResponse,
    handler: 'flow/get-options-flow-ticker-metrics-1d-data',
    cheap: true,
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_ticker_metrics_data: route({
    method: 'GET',
    path: '/api/get_options_flow_ticker_metrics_data',
    summary: "One ticker's flow over the last five sessions.",
    auth: 'subscriber',
    query: tickerOverviewQuery,
    example: 'ticker=SPY',
    response: tickerMetrics5dResponse,
    handler: 'flow/get-options-flow-ticker-metrics-data',
    cheap: true,
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_intraday_premiums_data: route({
    method: 'GET',
    path: '/api/get_options_flow_intraday_premiums_data',
    summary: "One ticker's call and put premium through the day, by interval, with its price.",
    auth: 'subscriber',
    query: intradayPremiumsQuery,
    example: 'ticker=SPY&interval=0',
    response: intradayPremiumsResponse,
    handler: 'flow/get-options-flow-intraday-premiums-data',
    cheap: true,
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_seasonality_data: route({
    method: 'GET',
    path: '/api/get_options_flow_seasonality_data',
    summary: "One ticker's flow premium by month of the year.",
    auth: 'subscriber',
    query: tickerOverviewQuery,
    example: 'ticker=SPY',
    response: seasonalityResponse,
    handler: 'flow/get-options-flow-seasonality-data',
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_latest_trades_data: route({
    method: 'GET',
    path: '/api/get_options_flow_latest_trades_data',
    summary: "One ticker's latest trades.",
    auth: 'subscriber',
    query: tickerOverviewQuery,
    example: 'ticker=SPY',
    response: latestTradesResponse,
    handler: 'flow/get-options-flow-latest-trades-data',
    cheap: true,
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_historical_premium_data: route({
    method: 'GET',
    path: '/api/get_options_flow_historical_premium_data',
    summary: "One ticker's daily call and put premium over a lookback.",
    auth: 'subscriber',
    query: historicalPremiumQuery,
    example: 'ticker=SPY&lookback=40',
    response: historicalPremiumResponse,
    handler: 'flow/get-options-flow-historical-premium-data',
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_by_strike_data: route({
    method: 'GET',
    path: '/api/get_options_flow_by_strike_data',
    summary: "One ticker's premium by strike over a lookback.",
    auth: 'subscriber',
    query: byStrikeQuery,
    example: 'ticker=SPY&lookback=40',
    response: byStrikeResponse,
    handler: 'flow/get-options-flow-by-strike-data',
    reads: ['app', 'flow', 'market'],
  }),
  get_options_flow_top_premiums_data: route({
    method: 'GET',
    path: '/api/get_options_flow_top_premiums_data',
    summary: 'The largest single trades over a lookback of sessions.',
    auth: 'subscriber',
    query: topPremiumsQuery,
    example: 'lookback=100',
    response: topPremiumsResponse,
    handler: 'flow/get-options-flow-top-premiums-data',
    reads: ['app', 'flow', 'market'],
  }),
  // Issue 39 item 1: one contract's page. Its prints are flow data, so it is paid like the flow routes.
  get_option_contract_data: route({
    method: 'GET',
    path: '/api/get_option_contract_data',
    summary:
      "One option contract (OCC symbol): today's quote, IV and delta, its daily history over the last 21 sessions, and its prints with each one's P&L at today's mid.",
    auth: 'subscriber',
    query: optionContractQuery,
    example: 'symbol=SPY240315C00510000',
    response: optionContractResponse,
    handler: 'option-contract/get-option-contract-data',
    // Reads today's chain (built or fetched when not kept) and 21 sessions of the ticker's prints.
    cheap: false,
    reads: FLOW_FEED_READS,
  }),
  // Watchlists (issue 24): every signed-in user, free or paying. Writes validate tickers against the
  // directory (market table) and use conditional writes on the app table.
  get_watchlists: route({
    method: 'GET',
    path: '/api/get_watchlists',
    summary: "The signed-in user's watchlists, in order, with their tickers and the limits.",
    auth: 'user',
    query: noQuery,
    example: '',
    response: watchlistsResponse,
    handler: 'watchlists/get-watchlists',
    cheap: true,
    reads: ['app'],
  }),
  get_watchlist_overview: route({
    method: 'GET',
    path: '/api/get_watchlist_overview',
    summary:
      'One watchlist with quote, day change, 1-week and 1-month returns, dark-pool position, short interest and the latest factor signal per ticker.',
    auth: 'user',
    query: watchlistOverviewQuery,
    example: 'id=default',
    response: watchlistOverviewResponse,
    handler: 'watchlists/get-watchlist-overview',
    cheap: true,
    reads: ['app', 'market'],
  }),
  get_watchlist_flow: route({
    method: 'GET',
    path: '/api/get_watchlist_flow',
    summary:
      "Today's call and put premium and trades per ticker of a watchlist, and premium against its 20-day average.",
    auth: 'subscriber',
    query: watchlistFlowQuery,
    example: 'id=default',
    response: watchlistFlowResponse,
    handler: 'watchlists/get-watchlist-flow',
    cheap: true,
    reads: FLOW_FEED_READS,
  }),
  create_watchlist: route({
    method: 'POST',
    path: '/api/create_watchlist',
    summary: 'Creates a named watchlist (up to 10), optionally with its first tickers.',
    auth: 'user',
    query: noQuery,
    body: createWatchlistBody,
    exampleBody: { name: 'Semis', tickers: ['NVDA', 'amd'] },
    response: watchlistWriteResponse,
    handler: 'watchlists/create-watchlist',
    reads: ['app', 'market'],
    writes: ['app'],
  }),
  rename_watchlist: route({
    method: 'POST',
    path: '/api/rename_watchlist',
    summary: 'Renames a watchlist.',
    auth: 'user',
    query: noQuery,
    body: renameWatchlistBody,
    exampleBody: { id: 'default', name: 'Core' },
    response: watchlistWriteResponse,
    handler: 'watchlists/rename-watchlist',
    reads: ['app'],
    writes: ['app'],
  }),
  delete_watchlist: route({
    method: 'POST',
    path: '/api/delete_watchlist',
    summary: 'Deletes a watchlist (not the default one).',
    auth: 'user',
    query: noQuery,
    body: deleteWatchlistBody,
    exampleBody: { id: 'abc123' },
    response: deleteWatchlistResponse,
    handler: 'watchlists/delete-watchlist',
    reads: ['app'],
    writes: ['app'],
  }),
  reorder_watchlists: route({
    method: 'POST',
    path: '/api/reorder_watchlists',
    summary: "Sets the order of the user's watchlists.",
    auth: 'user',
    query: noQuery,
    body: reorderWatchlistsBody,
    exampleBody: { ids: ['default'] },
    response: watchlistsResponse,
    handler: 'watchlists/reorder-watchlists',
    reads: ['app'],
    writes: ['app'],
  }),
  add_watchlist_tickers: route({
    method: 'POST',
    path: '/api/add_watchlist_tickers',
    summary:
      'Adds tickers to a watchlist (the default one unless named); unknown tickers are reported by name and not added.',
    auth: 'user',
    query: noQuery,
    body: watchlistTickersBody,
    exampleBody: { id: 'default', tickers: ['AAPL'] },
    response: watchlistWriteResponse,
    handler: 'watchlists/add-watchlist-tickers',
    reads: ['app', 'market'],
    writes: ['app'],
  }),
  remove_watchlist_tickers: route({
    method: 'POST',
    path: '/api/remove_watchlist_tickers',
    summary: 'Removes tickers from a watchlist.',
    auth: 'user',
    query: noQuery,
    body: watchlistTickersBody,
    exampleBody: { id: 'default', tickers: ['AAPL'] },
    response: watchlistWriteResponse,
    handler: 'watchlists/remove-watchlist-tickers',
    reads: ['app'],
    writes: ['app'],
  }),
  order_watchlist_tickers: route({
    method: 'POST',
    path: '/api/order_watchlist_tickers',
    summary: "Sets the order of a watchlist's tickers (refused if the list changed since it was read).",
    auth: 'user',
    query: noQuery,
    body: orderWatchlistTickersBody,
    exampleBody: { id: 'default', tickers: [], version: 0 },
    response: watchlistWriteResponse,
    handler: 'watchlists/order-watchlist-tickers',
    reads: ['app'],
    writes: ['app'],
  }),
  get_api_keys: route({
    method: 'GET',
    path: '/api/get_api_keys',
    summary: "The signed-in user's API keys (never their secrets) with this minute's and today's usage.",
    auth: 'user',
    query: noQuery,
    example: '',
    response: apiKeysResponse,
    handler: 'api-keys/get-api-keys',
    reads: ['app'],
  }),
  create_api_key: route({
    method: 'POST',
    path: '/api/create_api_key',
    summary: 'Creates an API key (at most 5 per user); the answer holds the secret, shown this once.',
    auth: 'user',
    query: noQuery,
    body: createApiKeyBody,
    exampleBody: { name: 'Notebook', password: 'correct horse battery' },
    response: createApiKeyResponse,
    handler: 'api-keys/create-api-key',
    writes: ['app'],
    // The password is checked again, as a login is (and counted in the login limits).
    cognito: ['AdminInitiateAuth'],
  }),
  revoke_api_key: route({
    method: 'POST',
    path: '/api/revoke_api_key',
    summary: 'Revokes one of your API keys: the next request with it is refused and its live sockets are closed.',
    auth: 'user',
    query: noQuery,
    body: revokeApiKeyBody,
    exampleBody: { id: '0123456789abcdef' },
    response: revokeApiKeyResponse,
    handler: 'api-keys/revoke-api-key',
    writes: ['app'],
    liveSockets: true,
  }),
  // Flow alerts (issue 25): saved Options Flow filters that notify. Listing stays open to free users
  // (a lapsed subscriber sees why their rules are paused); everything else needs the plan.
  get_alert_rules: route({
    method: 'GET',
    path: '/api/get_alert_rules',
    summary: "The signed-in user's flow alert rules, active and paused, with the limits.",
    auth: 'user',
    query: noQuery,
    example: '',
    response: alertRulesResponse,
    handler: 'alerts/get-alert-rules',
    cheap: true,
    reads: ['app'],
  }),
  create_alert_rule: route({
    method: 'POST',
    path: '/api/create_alert_rule',
    summary: 'Saves a flow alert: a name and Options Flow filters (up to 20 active per user).',
    auth: 'subscriber',
    query: noQuery,
    body: alertRuleInput,
    exampleBody: {
      name: 'Big SPY calls',
      filters: [
        { filter: 'Ticker', selector: 'Equal', tickers: ['SPY'] },
        { filter: 'Premium', selector: 'Greater than equal', value: '100' },
      ],
    },
    response: alertRuleResponse,
    handler: 'alerts/create-alert-rule',
    reads: ['app'],
    writes: ['app'],
  }),
  update_alert_rule: route({
    method: 'POST',
    path: '/api/update_alert_rule',
    summary: "Replaces an alert's name and filters.",
    auth: 'subscriber',
    query: noQuery,
    body: updateAlertRuleBody,
    exampleBody: {
      id: 'abc123def456',
      rule: {
        name: 'Big SPY calls',
        filters: [
          { filter: 'Ticker', selector: 'Equal', tickers: ['SPY'] },
          { filter: 'Premium', selector: 'Greater than equal', value: '100' },
        ],
      },
    },
    response: alertRuleResponse,
    handler: 'alerts/update-alert-rule',
    reads: ['app'],
    writes: ['app'],
  }),
  set_alert_rule_status: route({
    method: 'POST',
    path: '/api/set_alert_rule_status',
    summary: 'Pauses or resumes an alert (resuming counts against the 20 active).',
    auth: 'subscriber',
    query: noQuery,
    body: alertRuleStatusBody,
    exampleBody: { id: 'abc123def456', status: 'paused' },
    response: alertRuleResponse,
    handler: 'alerts/set-alert-rule-status',
    reads: ['app'],
    writes: ['app'],
  }),
  delete_alert_rule: route({
    method: 'POST',
    path: '/api/delete_alert_rule',
    summary: 'Deletes an alert (its fired history expires on its own).',
    auth: 'subscriber',
    query: noQuery,
    body: alertRuleIdBody,
    exampleBody: { id: 'abc123def456' },
    response: deleteAlertRuleResponse,
    handler: 'alerts/delete-alert-rule',
    reads: ['app'],
    writes: ['app'],
  }),
  get_alert_history: route({
    method: 'GET',
    path: '/api/get_alert_history',
    summary: 'Fired alerts of the last 90 days, newest first (optionally of one rule), and the unread count.',
    auth: 'subscriber',
    query: alertHistoryQuery,
    example: '',
    response: alertHistoryResponse,
    handler: 'alerts/get-alert-history',
    cheap: true,
    reads: ['app'],
  }),
  mark_alerts_read: route({
    method: 'POST',
    path: '/api/mark_alerts_read',
    summary: 'Marks fired alerts read (all of them when no ids are sent).',
    auth: 'subscriber',
    query: noQuery,
    body: markAlertsReadBody,
    exampleBody: {},
    response: markAlertsReadResponse,
    handler: 'alerts/mark-alerts-read',
    reads: ['app'],
    writes: ['app'],
  }),
  backtest_alert_rule: route({
    method: 'POST',
    path: '/api/backtest_alert_rule',
    summary:
      'What a rule would have caught over the stored flow history: fires per day, the first 100 trades, and the move of their underlying 1 and 5 trading days later against all trades of the same tickers.',
    auth: 'subscriber',
    query: noQuery,
    body: backtestBody,
    exampleBody: {
      rule: {
        name: 'Big SPY calls',
        filters: [
          { filter: 'Ticker', selector: 'Equal', tickers: ['SPY'] },
          { filter: 'Premium', selector: 'Greater than equal', value: '100' },
        ],
      },
    },
    response: backtestResponse,
    handler: 'alerts/backtest-alert-rule',
    reads: ['app', 'flow', 'market'],
  }),
  pause_alert_from_email: route({
    method: 'POST',
    path: '/api/pause_alert_from_email',
    summary: "Pauses the alert named by an email's signed link (no login: the signature is the proof).",
    auth: 'public',
    query: noQuery,
    body: pauseFromEmailBody,
    exampleBody: { token: 'eyJ1IjoidSIsInIiOiJyIn0.c2lnbmF0dXJl' },
    response: pauseFromEmailResponse,
    handler: 'alerts/pause-alert-from-email',
    reads: ['app'],
    writes: ['app'],
    secrets: ['alertLink'],
  }),
  // Optional browser push of flow alerts (Web Push, VAPID): only when the server has the keys.
  get_push_config: route({
    method: 'GET',
    path: '/api/get_push_config',
    summary:
      "Whether this server sends flow alerts as browser notifications, its VAPID public key, and how many of the user's browsers receive them.",
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: pushConfigResponse,
    handler: 'alerts/get-push-config',
    cheap: true,
    reads: ['app'],
    pushKey: true,
  }),
  subscribe_push: route({
    method: 'POST',
    path: '/api/subscribe_push',
    summary:
      "Stores a browser's push subscription (PushSubscription.toJSON()) so fired alerts reach it as notifications; at most 10 browsers per user.",
    auth: 'subscriber',
    query: noQuery,
    body: pushSubscriptionBody,
    exampleBody: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
    response: pushSubscribeResponse,
    handler: 'alerts/subscribe-push',
    reads: ['app'],
    writes: ['app'],
    pushKey: true,
  }),
  unsubscribe_push: route({
    method: 'POST',
    path: '/api/unsubscribe_push',
    summary: 'Stops browser notifications for one browser (its push endpoint).',
    auth: 'subscriber',
    query: noQuery,
    body: pushUnsubscribeBody,
    exampleBody: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' },
    response: pushUnsubscribeResponse,
    handler: 'alerts/unsubscribe-push',
    reads: ['app'],
    writes: ['app'],
  }),
  test_socket: route({
    method: 'GET',
    path: '/api/test_socket',
    summary: 'Live-feed health: open connections and the last fan-out.',
    auth: 'subscriber',
    query: noQuery,
    example: '',
    response: testSocketResponse,
    handler: 'flow/test-socket',
    reads: ['app'],
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type QueryOf<N extends RouteName> = z.input<Routes[N]['query']>;
export type ParsedQueryOf<N extends RouteName> = z.output<Routes[N]['query']>;
export type BodyOf<N extends RouteName> = z.output<Routes[N]['body']>;
export type ResponseOf<N extends RouteName> = z.output<Routes[N]['response']>;
export type GetRouteName = { [N in RouteName]: Routes[N]['method'] extends 'GET' ? N : never }[RouteName];
export type PostRouteName = { [N in RouteName]: Routes[N]['method'] extends 'POST' ? N : never }[RouteName];

export const routeList: ReadonlyArray<{ name: RouteName } & RouteDef> = Object.entries(routes).map(([name, def]) => ({
  name: name as RouteName,
  ...(def as RouteDef),
}));

export function findRoute(method: string, path: string): ({ name: RouteName } & RouteDef) | undefined {
  return routeList.find((r) => r.method === method && r.path === path);
}
