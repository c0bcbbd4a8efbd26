import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from './shell/not-found-page.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';

// One lazy chunk per screen keeps the entry small; nivo loads only with the chart screens.
const SectorPerformancePage = lazy(() =>
  import('../features/sector-performance/sector-performance-page.tsx').then((m) => ({ default: m.SectorPerformancePage })),
);
const ShortInterestPage = lazy(() =>
  import('../features/short-interest/short-interest-page.tsx').then((m) => ({ default: m.ShortInterestPage })),
);

const DarkPoolsPage = lazy(() => import('../features/dark-pools/dark-pools-page.tsx').then((m) => ({ default: m.DarkPoolsPage })));
const OptionWallsPage = lazy(() =>
  import('../features/option-walls/option-walls-page.tsx').then((m) => ({ default: m.OptionWallsPage })),
);
const SpyToVixPage = lazy(() => import('../features/spy-to-vix/spy-to-vix-page.tsx').then((m) => ({ default: m.SpyToVixPage })));
const Sp500StatsPage = lazy(() => import('../features/sp500-stats/sp500-stats-page.tsx').then((m) => ({ default: m.Sp500StatsPage })));

const SectorRotationPage = lazy(() =>
  import('../features/sector-rotation/sector-rotation-page.tsx').then((m) => ({ default: m.SectorRotationPage })),
);

const ClustersPage = lazy(() => import('../features/clusters/clusters-page.tsx').then((m) => ({ default: m.ClustersPage })));
const ClustersTablePage = lazy(() =>
  import('../features/clusters/clusters-table-page.tsx').then((m) => ({ default: m.ClustersTablePage })),
);

const ArimaPage = lazy(() => import('../features/arima/arima-page.tsx').then((m) => ({ default: m.ArimaPage })));

const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));
const SubscriptionCardsPage = lazy(() =>
  import('../features/account/subscription-cards-page.tsx').then((m) => ({ default: m.SubscriptionCardsPage })),
);
const Confirmation = lazy(() => import('../features/account/confirmation.tsx').then((m) => ({ default: m.Confirmation })));

const FactorAnalysisPage = lazy(() =>
  import('../features/factor-analysis/factor-analysis-page.tsx').then((m) => ({ default: m.FactorAnalysisPage })),
);
const FactorSignalsPage = lazy(() =>
  import('../features/factor-signals/factor-signals-page.tsx').then((m) => ({ default: m.FactorSignalsPage })),
);

const LandingPage = lazy(() => import('../features/landing/landing-page.tsx').then((m) => ({ default: m.LandingPage })));
const PromoPage = lazy(() => import('../features/landing/promo-page.tsx').then((m) => ({ default: m.PromoPage })));
const SubscriptionPage = lazy(() =>
  import('../features/subscription/subscription-page.tsx').then((m) => ({ default: m.SubscriptionPage })),
);
const SubscriptionSuccessPage = lazy(() =>
  import('../features/subscription/subscription-success-page.tsx').then((m) => ({ default: m.SubscriptionSuccessPage })),
);
const PrivacyPage = lazy(() => import('../features/legal/privacy-page.tsx').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazy(() => import('../features/legal/terms-page.tsx').then((m) => ({ default: m.TermsPage })));

const OptionsFlowPage = lazy(() =>
  import('../features/options-flow/options-flow-page.tsx').then((m) => ({ default: m.OptionsFlowPage })),
);
const MostOtmPage = lazy(() => import('../features/most-otm/most-otm-page.tsx').then((m) => ({ default: m.MostOtmPage })));
const TickerOverviewPage = lazy(() =>
  import('../features/flow-ticker-overview/ticker-overview-page.tsx').then((m) => ({ default: m.TickerOverviewPage })),
);
const CumulativeStatsPage = lazy(() =>
  import('../features/flow-cumulative-top/cumulative-stats-page.tsx').then((m) => ({ default: m.CumulativeStatsPage })),
);
const TopPremiumsPage = lazy(() => import('../features/flow-cumulative-top/top-premiums-page.tsx').then((m) => ({ default: m.TopPremiumsPage })));
const FlowDashboardPage = lazy(() =>
  import('../features/flow-dashboard/flow-dashboard-page.tsx').then((m) => ({ default: m.FlowDashboardPage })),
);

export const appRoutes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      // Spec route table (part 1 and part 2 section 2.1): / and /landing are the landing page.
      { index: true, element: <LandingPage /> },
      { path: 'landing', element: <LandingPage /> },
      // Paths match case-insensitively, so this also serves /SectorPerformance.
      { path: 'Sectorperformance', element: <SectorPerformancePage /> },
      // Case-insensitive: also /SectorRotation.
      { path: 'Sectorrotation', element: <SectorRotationPage /> },
      { path: 'shortinterest', element: <ShortInterestPage /> },
      { path: 'shortinterest/:ticker', element: <ShortInterestPage /> },
      { path: 'darkpools', element: <DarkPoolsPage /> },
      { path: 'darkpools/:ticker', element: <DarkPoolsPage /> },
      { path: 'optionwalls', element: <OptionWallsPage /> },
      { path: 'clusters', element: <ClustersPage /> },
      { path: 'clusters/:ticker', element: <ClustersPage /> },
      { path: 'clusterstable', element: <ClustersTablePage /> },
      { path: 'spytovix', element: <SpyToVixPage /> },
      { path: 'arima', element: <ArimaPage /> },
      { path: 'sp500stats', element: <Sp500StatsPage /> },
      { path: 'factor-analysis', element: <FactorAnalysisPage /> },
      { path: 'factor-analysis/:factor', element: <FactorAnalysisPage /> },
      { path: 'factor-analysis/:factor/:timeframe', element: <FactorAnalysisPage /> },
      { path: 'factor-analysis/:factor/:timeframe/:ticker', element: <FactorAnalysisPage /> },
      { path: 'factor-analysis-table', element: <FactorSignalsPage /> },
      { path: 'optionsflow', element: <OptionsFlowPage /> },
      { path: 'test', element: <MostOtmPage /> },
      { path: 'optionsflow-ticker-overview', element: <TickerOverviewPage /> },
      { path: 'optionsflowcumulativestats', element: <CumulativeStatsPage /> },
      { path: 'optionsflowcumulativestats/:ticker', element: <CumulativeStatsPage /> },
      { path: 'optionsflowtoppremiums', element: <TopPremiumsPage /> },
      { path: 'optionsflow-dashboard', element: <FlowDashboardPage /> },
      { path: 'optionsflow-dashboard/:ticker', element: <FlowDashboardPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'subscriptioncards', element: <SubscriptionCardsPage /> },
      { path: 'subscription', element: <SubscriptionPage /> },
      { path: 'subscriptionsuccess', element: <SubscriptionSuccessPage /> },
      { path: 'reddit-ads', element: <PromoPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'terms', element: <TermsPage /> },
      // Email and password-reset confirmations run on top of the Clusters screen.
      { path: 'confirm/:token', element: <><Confirmation kind="email" /><ClustersPage /></> },
      { path: 'confirmpassword/:password_token', element: <><Confirmation kind="password" /><ClustersPage /></> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Declarative routing (BrowserRouter + useRoutes) rather than the data router: no loaders are
 * needed (TanStack Query fetches) and it saves ~17 kB gzip of react-router in the entry.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
