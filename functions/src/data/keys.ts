/**
 * Every key of every table, named by access pattern. No other file builds pk/sk strings.
 */

export interface Key {
  pk: string;
  sk: string;
}

const year = (y: number): string => `Y#${String(y).padStart(4, '0')}`;

export const marketKeys = {
  /** One chunk of a daily series (e.g. `daily` OHLCV) for one ticker and calendar year. */
  seriesChunk: (series: string, ticker: string, y: number): Key => ({
    pk: `TS#${series}#${ticker.toUpperCase()}`,
    sk: year(y),
  }),
  /** All chunks of a series for one ticker: query by pk, sk ascending = chronological. */
  seriesPartition: (series: string, ticker: string): string => `TS#${series}#${ticker.toUpperCase()}`,
  /** Chunks from a given year onwards (sk >= this). */
  seriesFromYear: (y: number): string => year(y),

  /** A precomputed analytics snapshot; the latest is the highest as-of in the partition. */
  snapshot: (name: string, asOf: string, part = 0): Key => ({
    pk: `SNAP#${name}`,
    sk: `ASOF#${asOf}#P#${String(part).padStart(3, '0')}`,
  }),
  snapshotPartition: (name: string): string => `SNAP#${name}`,
  snapshotAsOfPrefix: (asOf: string): string => `ASOF#${asOf}#P#`,

  /** Marks a dataset as completely loaded (written last, so a killed load is redone). */
  datasetMarker: (dataset: string): Key => ({ pk: 'META#DATASET', sk: dataset }),
  datasetMarkersPartition: (): string => 'META#DATASET',
  /** The demo backfill of one job is complete up to the recorded date (local runtime only). */
  backfillMarker: (job: string): Key => ({ pk: 'META#BACKFILL', sk: job }),
  /** Live first-run backfill: one checkpoint per unit of work (a job over a range), written after its rows. */
  backfillUnit: (job: string, unit: string): Key => ({ pk: `BACKFILL#${job}`, sk: unit }),
  backfillUnitsPartition: (job: string): string => `BACKFILL#${job}`,

  /** One run of a job; the newest run is the highest sort key (ISO start time first). */
  jobRun: (job: string, startedAt: string, runId: string): Key => ({
    pk: `JOBRUN#${job}`,
    sk: `${startedAt}#${runId}`,
  }),
  jobRunsPartition: (job: string): string => `JOBRUN#${job}`,

  /**
   * Live mode's shared 15-minute option chain cache (live-chain-cache.ts): one ticker's latest vendor
   * chain, gzipped in parts of one write, overwritten by the next fetch (so nothing accumulates).
   */
  liveChainPartition: (ticker: string): string => `LIVECHAIN#${ticker.toUpperCase()}`,
  liveChainPart: (ticker: string, part: number): Key => ({
    pk: `LIVECHAIN#${ticker.toUpperCase()}`,
    sk: `P#${String(part).padStart(3, '0')}`,
  }),
  /** The tickers traders asked chains of, with the day last asked: the daily ATM IV job follows them. */
  chainDemandPartition: (): string => 'CHAINDEMAND',
  chainDemand: (ticker: string): Key => ({ pk: 'CHAINDEMAND', sk: ticker.toUpperCase() }),
  /** The tickers whose ATM IV the daily job has stored for one trading day (its resume point). */
  atmIvDone: (date: string): Key => ({ pk: 'ATMIVDONE', sk: date }),
} as const;

export const appKeys = {
  /** A live websocket connection; listed for fan-out by querying the partition. */
  wsConnection: (connectionId: string): Key => ({ pk: 'WS#CONN', sk: connectionId }),
  wsConnectionsPartition: (): string => 'WS#CONN',
  /** The same connection listed under its user: the per-user cap and closing a user's or a session's sockets. */
  userWsConnection: (userId: string, connectionId: string): Key => ({ pk: `USERWS#${userId}`, sk: connectionId }),
  userWsConnectionsPartition: (userId: string): string => `USERWS#${userId}`,
  /** A network (IPv4 address or IPv6 /64, hashed) that logged in to this account before: exempt from the account-wide guessing limit. */
  knownLoginSource: (email: string, sourceHash: string): Key => ({
    pk: `LOGINSRC#${email.toLowerCase()}`,
    sk: sourceHash,
  }),
  knownLoginSourcesPartition: (email: string): string => `LOGINSRC#${email.toLowerCase()}`,

  /** A user's profile (username, email, subscription), keyed by the Cognito `sub`. */
  userProfile: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  /** Email (lower-cased) -> user id; written with the profile. */
  userEmail: (email: string): Key => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'USER' }),
  /** Username uniqueness claim (case-insensitive); conditional put is the lock. */
  username: (username: string): Key => ({ pk: `USERNAME#${username.toLowerCase()}`, sk: 'CLAIM' }),
  /** A single-use emailed token, by the SHA-256 of its value (the value is never stored). */
  accountToken: (kind: string, hash: string): Key => ({ pk: `TOKEN#${kind}#${hash}`, sk: 'TOKEN' }),
  /** A logged-out access token (by its jti) until it would have expired anyway. */
  deniedAccessToken: (jti: string): Key => ({ pk: `DENY#${jti}`, sk: 'ACCESS' }),
  /** A fixed-window attempt counter. */
  rateLimit: (scope: string, subject: string, windowStart: number): Key => ({
    pk: `RL#${scope}#${subject}`,
    sk: `W#${windowStart}`,
  }),
  /** A payment-provider customer id -> user id (written when a checkout links the two). */
  paymentCustomer: (customerId: string): Key => ({ pk: `PAYCUST#${customerId}`, sk: 'USER' }),
  /** A processed payment webhook event (replays are acknowledged and skipped). */
  paymentEvent: (eventId: string): Key => ({ pk: `PAYEVT#${eventId}`, sk: 'EVENT' }),
  /** One plan change of a user (webhook or admin), newest last: who, why, from, to. */
  planChange: (userId: string, at: string): Key => ({ pk: `PLANLOG#${userId}`, sk: at }),
  planChangePartition: (userId: string): string => `PLANLOG#${userId}`,
  /**
   * All of a user's watchlists in one item, so every screen reads them with one GetItem: the lists in
   * the user's order, each with its ordered tickers and version, and the item version that makes every
   * write conditional (watchlists-repository.ts). The partition belongs to the user alone: account
   * deletion removes all of it.
   */
  watchlistsPartition: (userId: string): string => `WATCHLIST#${userId}`,
  watchlists: (userId: string): Key => ({ pk: `WATCHLIST#${userId}`, sk: 'LISTS' }),
  /**
   * API keys. A user's keys share a partition, one item per slot (0..4): claiming a free slot with a
   * conditional put is what caps a user at five keys without a transaction. The item carries the
   * key's id, name, display prefix and the hash of its secret.
   */
  userApiKeysPartition: (userId: string): string => `APIKEYS#${userId}`,
  userApiKeySlot: (userId: string, slot: number): Key => ({ pk: `APIKEYS#${userId}`, sk: `SLOT#${slot}` }),
  /**
   * The request-time lookup: the SHA-256 (hex) of a secret -> its owner and slot, deleted first on
   * revoke. It also holds the key's quota counters (mw/mn: minute start and count, dw/dn: UTC date
   * and count) and lastUsedAt, so one conditional update both finds the owner and counts a request.
   */
  apiKeyByHash: (hash: string): Key => ({ pk: `APIKEY#${hash}`, sk: 'KEY' }),
  /**
   * The account's API quota counters (same attributes as a key's), shared by all its keys so a
   * re-created key starts no fresh quota. Under the APIKEY# prefix (a hash is hex, never "USER#"),
   * so key-accepting routes update it with the same narrow grant as the key counters.
   */
  apiKeyAccountQuota: (userId: string): Key => ({ pk: `APIKEY#USER#${userId}`, sk: 'QUOTA' }),
  /**
   * Flow alert rules (issue 25) share one partition, so an ingest container loads every active rule
   * with one paginated query (10,000 rules of ~500 bytes is ~5 MB); a user's rules are the sort-key
   * prefix of their id.
   */
  alertRulesPartition: (): string => 'ALERTRULES',
  alertRule: (userId: string, ruleId: string): Key => ({ pk: 'ALERTRULES', sk: `${userId}#R#${ruleId}` }),
  /**
   * An active rule is stored in one of its user's slots (0..19, issue 35): created by one conditional
   * put carrying the whole rule, so no crash leaves a slot without its rule (data/alert-slots.ts).
   */
  alertRuleSlot: (userId: string, slot: number): Key => ({
    pk: 'ALERTRULES',
    sk: `${userId}#A#${String(slot).padStart(2, '0')}`,
  }),
  /** Every rule item of the user: slots (`#A#`) and rules under their own id (`#R#`). */
  alertRuleUserPrefix: (userId: string): string => `${userId}#`,
  /** Bumped on every rule change: ingest containers read it to know when to reload their index. */
  alertRulesVersion: (): Key => ({ pk: 'ALERTRULES#VERSION', sk: 'V' }),
  /**
   * Before issue 35 the ids of a user's active rules, taken before the rule was written. No longer
   * read or written: the admin `alert-slots` command and account deletion remove what is left.
   */
  alertSlots: (userId: string): Key => ({ pk: `ALERTUSER#${userId}`, sk: 'SLOTS' }),
  /** One fired alert (expires after 90 days: `ttl`), newest last by sort key. */
  alertHistoryPartition: (userId: string): string => `ALERTHIST#${userId}`,
  alertHistory: (userId: string, firedAt: string, alertId: string): Key => ({
    pk: `ALERTHIST#${userId}`,
    sk: `${firedAt}#${alertId}`,
  }),
  /** The same alert in its rule's listing (gsi1): one rule's history pages past the user's newest alerts. */
  alertHistoryByRule: (userId: string, ruleId: string, firedAt: string, alertId: string) => ({
    gsi1pk: `ALERTHIST#${userId}#R#${ruleId}`,
    gsi1sk: `${firedAt}#${alertId}`,
  }),
  alertHistoryRulePartition: (userId: string, ruleId: string): string => `ALERTHIST#${userId}#R#${ruleId}`,
  /** Users with fired alerts: the local cleanup job's list (dynalite has no TTL). */
  alertHistoryUsersPartition: (): string => 'ALERTHISTUSERS',
  alertHistoryUser: (userId: string): Key => ({ pk: 'ALERTHISTUSERS', sk: userId }),
  /**
   * Browsers' Web Push subscriptions for alert pushes, every user's in one partition (sk: the user,
   * then the hash of the endpoint), so the live path lists them all with one Query a minute instead
   * of one per matched user; a user's own are the sk prefix.
   */
  pushSubscriptionsPartition: (): string => 'PUSHSUBS',
  pushSubscriptionsOfUser: (userId: string): string => `${userId}#`,
  pushSubscription: (userId: string, id: string): Key => ({ pk: 'PUSHSUBS', sk: `${userId}#${id}` }),
  /** A rule's email throttle state (last email, waiting matches). */
  alertMailState: (userId: string, ruleId: string): Key => ({ pk: `ALERTMAIL#${userId}`, sk: `RULE#${ruleId}` }),
  /** Alert emails sent to a user on one New York day (the daily cap). */
  alertMailDay: (userId: string, date: string): Key => ({ pk: `ALERTMAIL#${userId}`, sk: `DAY#${date}` }),
  /**
   * A user's in-app alert allowance (issue 35): one counter per wall-clock minute and one per New
   * York day, each naming its window's "N more trades matched" history item once there is one.
   */
  alertCapPartition: (userId: string): string => `ALERTCAP#${userId}`,
  alertCap: (userId: string, window: 'minute' | 'day', at: string): Key => ({
    pk: `ALERTCAP#${userId}`,
    sk: `${window === 'minute' ? 'MIN' : 'DAY'}#${at}`,
  }),
  /**
   * The mark an account deletion writes first (issue 35): writes of the user's own records that
   * land after it are undone and refused (account-gone.ts). It holds only the random user id and
   * expires an hour after, far past any request that could still be running.
   */
  accountGone: (userId: string): Key => ({ pk: `GONE#${userId}`, sk: 'ACCOUNT' }),
  /** Rules with matches waiting for their digest email: the digest job's work list. */
  alertDigestsPartition: (): string => 'ALERTDIGESTS',
  alertDigest: (userId: string, ruleId: string): Key => ({ pk: 'ALERTDIGESTS', sk: `${userId}#${ruleId}` }),
} as const;

/** Leading keys of the items every key-accepting route may update (CDK's per-item IAM condition). */
export const apiKeyWritablePrefixes = ['APIKEY#'] as const;
/**
 * The only attributes a key-accepting route may name when it updates those items (CDK's
 * `dynamodb:Attributes` condition): the key and the quota counters, never the owner, slot or key id,
 * so a route cannot move a key to another account. The repository's updates are checked against it.
 */
export const apiKeyCounterAttributes = ['pk', 'sk', 'mw', 'mn', 'dw', 'dn', 'lastUsedAt'] as const;

/**
 * A user's plan on the profile item (written by the payment webhook and the admin CLI only). Every
 * other function that writes the app table is denied updates and puts that name them (CDK's
 * `dynamodb:Attributes` condition), and batch writes to profile items (`userProfileLeadingKey`).
 */
export const planAttributes = [
  'subscription',
  'subscriptionVersion',
  'stripeCustomerId',
  'stripeSubscriptionId',
] as const;
/** The partition-key prefix of profile items (`userProfile`). */
export const userProfileLeadingKey = 'USER#';

export const flowKeys = {
  /** Trading-day partition: packed per-ticker chunks (C#) and live single trades (L#). */
  dayPartition: (date: string): string => `DAY#${date}`,
  /** One ticker's trades of one ingested day (part > 0 when a busy ticker needs several items). */
  dayChunk: (date: string, ticker: string, part: number): Key => ({
    pk: `DAY#${date}`,
    sk: `C#${ticker}#${String(part).padStart(2, '0')}`,
  }),
  /** A trade written as it arrived (live feed); compacted into chunks by the end-of-day ingest. */
  liveTrade: (date: string, time: string, tradeKey: string): Key => ({
    pk: `DAY#${date}`,
    sk: `L#${time}#${tradeKey}`,
  }),
  livePrefix: (): string => 'L#',
  /** GSI1 (ticker + date access path): every chunk and live trade of a ticker, by date. */
  tickerIndex: (ticker: string): string => `TKR#${ticker.toUpperCase()}`,
  tickerIndexSort: (date: string, rest: string): string => `${date}#${rest}`,
  /** The ingested days with their trade counts: a range query lists the days to read. */
  dayIndex: (date: string): Key => ({ pk: 'DAYS', sk: date }),
  dayIndexPartition: (): string => 'DAYS',
  /**
   * A day's write head: `live` counts live-trade writes, `epoch` the rewrites (end-of-day ingest,
   * daily reset). One GetItem tells a cached current-flow payload whether it is still complete.
   */
  dayHead: (date: string): Key => ({ pk: 'FLOWHEAD', sk: date }),
  /** Per-day flow summaries (domain/flow/day-summary.ts), one partition: a range query reads 100 days. */
  daySummary: (date: string, part: number): Key => ({ pk: 'DAYSUM', sk: `${date}#${String(part).padStart(2, '0')}` }),
  daySummaryPartition: (): string => 'DAYSUM',
  /**
   * One column of a day's flow (domain/alerts/columns-codec.ts), one partition per column: a cold
   * backtest reads a year of the few columns its rule filters on with one range query each.
   */
  dayColumn: (column: string, date: string, part: number): Key => ({
    pk: `DAYCOL#${column}`,
    sk: `${date}#${String(part).padStart(2, '0')}`,
  }),
  dayColumnPartition: (column: string): string => `DAYCOL#${column}`,
  /**
   * A demo day's net openings per contract (domain/options-market/open-interest.ts), one partition:
   * the next days' chains and flow read the days before theirs with one range query.
   */
  netOpenings: (date: string, part: number): Key => ({ pk: 'NETOPEN', sk: `${date}#${String(part).padStart(2, '0')}` }),
  netOpeningsPartition: (): string => 'NETOPEN',
} as const;

export const realtimeKeys = {
  /** The last live fan-out (test_socket reports it). */
  fanoutStatus: (): Key => ({ pk: 'WS#STATUS', sk: 'fanout' }),
  /** Where the vendor poller's delta resumes (the newest `updated` seen today). */
  liveCursor: (): Key => ({ pk: 'WS#STATUS', sk: 'live-cursor' }),
} as const;
