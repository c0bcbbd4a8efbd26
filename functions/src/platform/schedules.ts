/**
 * The schedule table, shared by CDK (EventBridge Scheduler) and the local runtime (croner).
 * Cron fields are minute hour day-of-month month day-of-week, in America/New_York.
 */
export interface ScheduleDef {
  name: string;
  /** Module under functions/src/ exporting `handler`. */
  handler: string;
  cron: string;
  description: string;
  /** Tables the job writes (it may read them too). */
  writes: ReadonlyArray<'app' | 'market' | 'flow'>;
  reads: ReadonlyArray<'app' | 'market' | 'flow'>;
  /** Run once when the local runtime starts (cheap jobs whose output every screen needs). */
  runOnLocalStart: boolean;
  /**
   * Demo backfill: the range (relative to the demo date) that the local runtime loads in the
   * background on a first start, e.g. one year of FINRA short volume. Null = no backfill.
   */
  demoBackfillDays: number | null;
  /** The dataset whose as-of date the job advances (listed by get_data_status). */
  dataset: string | null;
  /**
   * Calendar days the dataset's as-of date may lag today before the stale-data alarm pages
   * (default: job-metrics.ts defaultStaleAfterDays, for data of each trading day).
   */
  staleAfterDays?: number;
  /**
   * Scheduled on AWS only: the local runtime, a long-lived process, plays this feed continuously
   * itself (scripts/local/flow-live.ts) instead of in minute-long Lambda runs.
   */
  awsOnly?: boolean;
  /**
   * Sends flow alert emails (the live poller, the digest job): gets SES sending, MAIL_FROM, the
   * pause-link secret and the site URL for the links.
   */
  mail?: boolean;
  /**
   * Sends flow alerts as browser notifications (Web Push): gets the VAPID private key's secret when
   * the deployment configures push. The live poller only: the digest job sends emails alone.
   */
  push?: boolean;
}

export const schedules: readonly ScheduleDef[] = [
  {
    name: 'universe',
    handler: 'jobs/universe',
    cron: '30 6 * * 1-5',
    description: "Refresh the ticker universe from Nasdaq Trader's symbol directories (rewritten overnight)",
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: null,
    dataset: 'ticker-universe',
    // Rewritten each trading day; a long weekend leaves it 4 days behind.
    staleAfterDays: 5,
  },
  {
    name: 'prices',
    handler: 'jobs/prices',
    cron: '15 16 * * 1-5',
    description: "Ingest the day's daily bars of the universe after the close",
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: null,
    dataset: null,
  },
  {
    name: 'sector-performance',
    handler: 'jobs/sector-performance',
    cron: '20 16 * * 1-5',
    description: 'Precompute the Sector Performance snapshot after the close',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: true,
    demoBackfillDays: null,
    dataset: null,
  },
  {
    name: 'darkpools',
    handler: 'jobs/dark-pools',
    cron: '0 18 * * 1-5',
    description: 'Ingest the FINRA daily short-sale volume file (dark pools update at 6pm)',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: 366,
    dataset: 'finra-short-volume',
  },
  {
    name: 'shortinterest',
    handler: 'jobs/short-interest',
    cron: '30 18 * * 1-5',
    description: 'Ingest FINRA short-interest settlements published in the last 30 days',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: 366,
    dataset: 'finra-short-interest',
    // Settlements are twice a month and FINRA publishes about 8 business days after each one.
    staleAfterDays: 30,
  },
  {
    name: 'optionwalls',
    handler: 'jobs/option-chains',
    cron: '35 16 * * 1-5',
    description: 'Ingest the SPY option chain after the close (option walls update at 4:35pm)',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: 90,
    dataset: 'option-chains-SPY',
  },
  {
    name: 'atm-iv',
    handler: 'jobs/atm-iv',
    // Every 10 minutes from 17:00 to 18:50: each run fetches chains for up to 4 minutes at CBOE's pace
    // and the next resumes where it stopped (a day's tickers are marked done), ~2,400 chains a day.
    cron: '*/10 17-18 * * 1-5',
    description:
      "Live mode: store each followed ticker's 30-day at-the-money IV of the day (IV rank's history); the demo reads its options market's",
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: null,
    dataset: 'atm-iv',
  },
  {
    name: 'vix',
    handler: 'jobs/vix-history',
    // The VIX closes at 16:15; SPY To VIX joins it with SPY at 16:45.
    cron: '30 16 * * 1-5',
    description: "Refresh the VIX daily history from CBOE's VIX_History.csv (the whole history in one file)",
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: null,
    dataset: 'vix-history',
  },
  {
    name: 'spy-to-vix',
    handler: 'jobs/spy-to-vix',
    cron: '45 16 * * 1-5',
    description: 'Precompute SPY To VIX (regressions and joint distributions per horizon) after the prices job',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: 1,
    dataset: 'spy_to_vix',
  },
  {
    name: 'sector-rotation',
    handler: 'jobs/sector-rotation',
    cron: '40 16 * * 1-5',
    description:
      'Precompute Sector Rotation (all index/lookback/factor choices) and the Market Map after the prices job',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: 1,
    dataset: 'sector_rotation',
  },
  {
    name: 'clusters-table',
    handler: 'jobs/clusters-table',
    cron: '45 16 * * 1-5',
    description: 'Precompute the Clusters all-stocks table (default parameters, whole universe) after the prices job',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: 1,
    dataset: 'clusters_table',
  },
  {
    name: 'sp500-ratios',
    handler: 'jobs/sp500-ratios',
    cron: '50 16 * * 1-5',
    description: 'Precompute the 36 S&P 500 Statistics datasets from the monthly S&P 500 data',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: 1,
    dataset: 'sp500_ratios',
  },
  {
    name: 'signals',
    handler: 'jobs/signals',
    cron: '15 18 * * 1-5',
    description:
      'Precompute the Factor Analysis signals table (every factor, daily and weekly, whole universe) after the prices and dark pool ingests',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: false,
    demoBackfillDays: 1,
    dataset: 'signals',
  },
  {
    name: 'flow-ingest',
    handler: 'jobs/flow-ingest',
    cron: '30 20 * * 1-5',
    description:
      "Ingest the day's options flow (vendor option_activity pages) packed per ticker; the demo backfills a year (252 trading days)",
    reads: ['market', 'flow'],
    writes: ['market', 'flow'],
    runOnLocalStart: false,
    // 366 calendar days ending 2024-03-08 (a leap year: 2023-03-09..2024-03-08) = 252 trading days: every
    // lookback the flow screens offer (Top Premiums 100 days, Cumulative Stats 40) and 12 months of seasonality.
    demoBackfillDays: 366,
    dataset: 'options-flow',
  },
  {
    name: 'flow-live-poll',
    handler: 'jobs/flow-live-poll',
    // Every minute of 09:00-15:59 on weekdays; each run polls for just under a minute and skips
    // outside the session (09:30-16:00; the demo's simulated session plays from noon).
    cron: '* 9-15 * * 1-5',
    description:
      'Live options flow: poll the vendor for new activity (demo: play the simulated session) for a minute and fan new trades out',
    reads: ['market', 'flow', 'app'],
    writes: ['flow', 'app'],
    runOnLocalStart: false,
    demoBackfillDays: null,
    dataset: null,
    awsOnly: true,
    mail: true,
    push: true,
  },
  {
    name: 'flow-reset',
    handler: 'jobs/flow-reset',
    cron: '0 4 * * *',
    description: "Daily reset: clear the live day's streamed trades and send database_cleared to every client",
    reads: ['flow', 'app'],
    writes: ['flow', 'app'],
    runOnLocalStart: false,
    demoBackfillDays: null,
    dataset: null,
  },
  {
    name: 'alert-digests',
    handler: 'jobs/alert-digests',
    cron: '* * * * *',
    description: "Flow alert digests: email the matches that waited out a rule's 5-minute email window",
    reads: ['app'],
    writes: ['app'],
    runOnLocalStart: false,
    demoBackfillDays: null,
    dataset: null,
    mail: true,
  },
  {
    name: 'alert-history-cleanup',
    handler: 'jobs/alert-history-cleanup',
    cron: '10 3 * * *',
    description: 'Delete fired flow alerts older than 90 days (DynamoDB TTL does it on AWS; dynalite has none)',
    reads: ['app'],
    writes: ['app'],
    runOnLocalStart: true,
    demoBackfillDays: null,
    dataset: null,
  },
];
