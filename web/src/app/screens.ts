/**
 * THE screen registry: every screen of the app, once. The router (routes.tsx), the sidebar
 * (nav-config.ts), the every-route e2e (e2e/every-route.spec.ts) and the bench's page list
 * (scripts/bench/endpoints.ts) are generated from it. Plain data with no imports, so Playwright and
 * the bench can read it in Node; the page modules are found by routes.tsx and loaded lazily.
 */

/** Who a screen is for. Basic screens gate themselves (alert or redirect) for everyone else. */
export type Audience = 'anyone' | 'user' | 'basic';

/** Sidebar groups: one entry that opens into sublinks (nav-config.ts gives their label and icon). */
export type NavGroup = 'clusters' | 'factors' | 'flow';

/** Icons the sidebar knows (nav-config.ts maps each to its MUI icon). */
export type NavIcon =
  | 'barChart'
  | 'bubbleChart'
  | 'callMade'
  | 'dashboard'
  | 'insights'
  | 'manageSearch'
  | 'notifications'
  | 'pieChart'
  | 'queryStats'
  | 'showChart'
  | 'stackedBarChart'
  | 'star'
  | 'stream'
  | 'table'
  | 'timeline'
  | 'trendingDown'
  | 'visibilityOff';

export interface Screen {
  /** The page module under src/features/ (a `*-page.tsx`, one lazy chunk) and the component it exports. */
  page: `${string}/${string}-page.tsx`;
  component: string;
  /** Router paths under the shell ('' is the index); paths match case-insensitively. The first is the screen's own. */
  paths: readonly string[];
  audience: Audience;
  /** URLs the every-route e2e opens; by default the first path. */
  visits?: readonly string[];
  /** Its sidebar entry, in registry order; within a group it is a sublink. */
  nav?: { label: string; icon: NavIcon; group?: NavGroup };
}

export const SCREENS: readonly Screen[] = [
  // Issue 24: free with an account; a visitor sees what it is and the sign-up button.
  {
    page: 'watchlist/watchlist-page.tsx',
    component: 'WatchlistPage',
    paths: ['watchlist'],
    audience: 'anyone',
    nav: { label: 'Watchlist', icon: 'star' },
  },
  {
    page: 'clusters/clusters-page.tsx',
    component: 'ClustersPage',
    paths: ['clusters', 'clusters/:ticker'],
    audience: 'anyone',
    visits: ['/clusters', '/clusters/AAPL'],
    nav: { label: 'Single Stock', icon: 'insights', group: 'clusters' },
  },
  {
    page: 'clusters/clusters-table-page.tsx',
    component: 'ClustersTablePage',
    paths: ['clusterstable'],
    audience: 'anyone',
    nav: { label: 'All', icon: 'table', group: 'clusters' },
  },
  {
    page: 'short-interest/short-interest-page.tsx',
    component: 'ShortInterestPage',
    paths: ['shortinterest', 'shortinterest/:ticker'],
    audience: 'anyone',
    visits: ['/shortinterest', '/shortinterest/AAPL'],
    nav: { label: 'Short Interest', icon: 'trendingDown' },
  },
  {
    page: 'dark-pools/dark-pools-page.tsx',
    component: 'DarkPoolsPage',
    paths: ['darkpools', 'darkpools/:ticker'],
    audience: 'anyone',
    visits: ['/darkpools', '/darkpools/AAPL'],
    nav: { label: 'Dark Pools', icon: 'visibilityOff' },
  },
  {
    page: 'option-walls/option-walls-page.tsx',
    component: 'OptionWallsPage',
    paths: ['optionwalls', 'optionwalls/:ticker'],
    audience: 'anyone',
    visits: ['/optionwalls', '/optionwalls/NVDA'],
    nav: { label: 'Option Walls', icon: 'stackedBarChart' },
  },
  // Issue 38: a ticker's option chain and its volatility (free screens), reached from the ticker search.
  {
    page: 'option-chain/option-chain-page.tsx',
    component: 'OptionChainPage',
    paths: ['optionchain', 'optionchain/:ticker'],
    audience: 'anyone',
    visits: ['/optionchain/SPY'],
    nav: { label: 'Option Chain', icon: 'table' },
  },
  {
    page: 'volatility/volatility-page.tsx',
    component: 'VolatilityPage',
    paths: ['volatility', 'volatility/:ticker'],
    audience: 'anyone',
    visits: ['/volatility/SPY'],
    nav: { label: 'Volatility', icon: 'showChart' },
  },
  {
    page: 'spy-to-vix/spy-to-vix-page.tsx',
    component: 'SpyToVixPage',
    paths: ['spytovix'],
    audience: 'anyone',
    nav: { label: 'SPY To VIX', icon: 'showChart' },
  },
  {
    page: 'sp500-stats/sp500-stats-page.tsx',
    component: 'Sp500StatsPage',
    paths: ['sp500stats'],
    audience: 'anyone',
    nav: { label: 'S&P 500 Statistics', icon: 'queryStats' },
  },
  {
    page: 'sector-rotation/sector-rotation-page.tsx',
    component: 'SectorRotationPage',
    paths: ['Sectorrotation'],
    audience: 'anyone',
    visits: ['/Sectorrotation', '/SectorRotation'],
    nav: { label: 'Sector Rotation', icon: 'bubbleChart' },
  },
  {
    page: 'sector-performance/sector-performance-page.tsx',
    component: 'SectorPerformancePage',
    paths: ['Sectorperformance'],
    audience: 'anyone',
    visits: ['/Sectorperformance', '/SectorPerformance'],
    nav: { label: 'Sector Performance', icon: 'barChart' },
  },
  {
    page: 'arima/arima-page.tsx',
    component: 'ArimaPage',
    paths: ['arima'],
    audience: 'anyone',
    nav: { label: 'ARIMA', icon: 'timeline' },
  },
  {
    page: 'factor-analysis/factor-analysis-page.tsx',
    component: 'FactorAnalysisPage',
    paths: [
      'factor-analysis',
      'factor-analysis/:factor',
      'factor-analysis/:factor/:timeframe',
      'factor-analysis/:factor/:timeframe/:ticker',
    ],
    audience: 'anyone',
    visits: ['/factor-analysis', '/factor-analysis/uptrend/weekly/AAPL'],
    nav: { label: 'Single Stock', icon: 'insights', group: 'factors' },
  },
  {
    page: 'factor-signals/factor-signals-page.tsx',
    component: 'FactorSignalsPage',
    paths: ['factor-analysis-table'],
    audience: 'anyone',
    nav: { label: 'All', icon: 'table', group: 'factors' },
  },
  {
    page: 'options-flow/options-flow-page.tsx',
    component: 'OptionsFlowPage',
    paths: ['optionsflow'],
    audience: 'basic',
    nav: { label: 'Live & Historical', icon: 'stream', group: 'flow' },
  },
  {
    page: 'most-otm/most-otm-page.tsx',
    component: 'MostOtmPage',
    paths: ['test'],
    audience: 'basic',
    nav: { label: 'Most OTM', icon: 'callMade', group: 'flow' },
  },
  // Issue 25: visitors and free users see what alerts are; the page gates creating them.
  {
    page: 'alerts/alerts-page.tsx',
    component: 'AlertsPage',
    paths: ['alerts'],
    audience: 'anyone',
    nav: { label: 'Alerts', icon: 'notifications', group: 'flow' },
  },
  // An alert email's one-click pause link (signed; no login). Not opened by the every-route check:
  // a made-up token is refused with an alert, by design.
  {
    page: 'alerts/alert-pause-page.tsx',
    component: 'AlertPausePage',
    paths: ['alerts/pause/:token'],
    audience: 'anyone',
    visits: [],
  },
  {
    page: 'flow-ticker-overview/ticker-overview-page.tsx',
    component: 'TickerOverviewPage',
    paths: ['optionsflow-ticker-overview'],
    audience: 'basic',
    nav: { label: 'Ticker Overview', icon: 'manageSearch', group: 'flow' },
  },
  {
    page: 'flow-cumulative-top/cumulative-stats-page.tsx',
    component: 'CumulativeStatsPage',
    paths: ['optionsflowcumulativestats', 'optionsflowcumulativestats/:ticker'],
    audience: 'basic',
    visits: ['/optionsflowcumulativestats', '/optionsflowcumulativestats/AAPL'],
    nav: { label: 'Cumulative Stats', icon: 'showChart', group: 'flow' },
  },
  {
    page: 'flow-cumulative-top/top-premiums-page.tsx',
    component: 'TopPremiumsPage',
    paths: ['optionsflowtoppremiums'],
    audience: 'basic',
    nav: { label: 'Top Premiums', icon: 'pieChart', group: 'flow' },
  },
  {
    page: 'flow-dashboard/flow-dashboard-page.tsx',
    component: 'FlowDashboardPage',
    paths: ['optionsflow-dashboard', 'optionsflow-dashboard/:ticker'],
    audience: 'basic',
    visits: ['/optionsflow-dashboard', '/optionsflow-dashboard/SPY'],
    nav: { label: 'Options Dashboard', icon: 'dashboard', group: 'flow' },
  },
  // Issue 39: one contract, opened from flow rows, alerts, Top Premiums and the watchlist (no sidebar entry).
  {
    page: 'contract/contract-page.tsx',
    component: 'ContractPage',
    paths: ['contract/:symbol'],
    audience: 'basic',
    visits: ['/contract/SPY240315C00510000'],
  },
  // Spec route table (part 1 and part 2 section 2.1): / and /landing are the landing page.
  {
    page: 'landing/landing-page.tsx',
    component: 'LandingPage',
    paths: ['', 'landing'],
    audience: 'anyone',
    visits: ['/', '/landing'],
  },
  { page: 'profile/profile-page.tsx', component: 'ProfilePage', paths: ['profile'], audience: 'user' },
  {
    page: 'accounts/subscription-cards-page.tsx',
    component: 'SubscriptionCardsPage',
    paths: ['subscriptioncards'],
    audience: 'anyone',
  },
  {
    page: 'subscription/subscription-page.tsx',
    component: 'SubscriptionPage',
    paths: ['subscription'],
    audience: 'anyone',
  },
  {
    page: 'subscription/subscription-success-page.tsx',
    component: 'SubscriptionSuccessPage',
    paths: ['subscriptionsuccess'],
    audience: 'user',
  },
  { page: 'landing/promo-page.tsx', component: 'PromoPage', paths: ['reddit-ads'], audience: 'anyone' },
  { page: 'legal/privacy-page.tsx', component: 'PrivacyPage', paths: ['privacy'], audience: 'anyone' },
  { page: 'legal/terms-page.tsx', component: 'TermsPage', paths: ['terms'], audience: 'anyone' },
  { page: 'developers/developers-page.tsx', component: 'DevelopersPage', paths: ['developers'], audience: 'anyone' },
  { page: 'data-status/data-status-page.tsx', component: 'DataStatusPage', paths: ['status'], audience: 'anyone' },
];

/** Where a screen opens: its first router path as a URL. */
export const screenUrl = (screen: Screen): string => `/${screen.paths[0] ?? ''}`;

/** The URLs the every-route e2e opens for a screen. */
export const screenVisits = (screen: Screen): readonly string[] => screen.visits ?? [screenUrl(screen)];
