import { z } from 'zod';
import { WATCHLIST_LIMITS } from '../watchlists/limits.ts';
import { userName } from './names.ts';

/** A list id: `default`, or the short id the server generated. */
export const watchlistId = z.string().regex(/^[a-z0-9]{1,20}$/, 'expected a watchlist id');

const listName = userName(WATCHLIST_LIMITS.nameLength, 'give the list a name');

/**
 * Tickers as the user typed or pasted them. Normalised and checked against the directory by the
 * server (unknown ones are reported by name), so an odd entry is not a 400 for the whole request.
 */
const tickerInput = z
  .array(z.string().max(24, 'a ticker has at most 24 characters'))
  .min(1, 'give at least one ticker')
  .max(WATCHLIST_LIMITS.tickersPerList, `at most ${WATCHLIST_LIMITS.tickersPerList} tickers at a time`);

export const watchlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  tickers: z.array(z.string()),
  /** Bumped on every write; a reorder sends the version it saw, and a stale one gets 409. */
  version: z.number(),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

export const watchlistsResponse = z.object({
  lists: z.array(watchlistSchema),
  limits: z.object({ namedLists: z.number(), tickersPerList: z.number() }),
});
export type WatchlistsResponse = z.infer<typeof watchlistsResponse>;

/** Answer of every write: the list as stored, and what happened to each ticker sent. */
export const watchlistWriteResponse = z.object({
  list: watchlistSchema,
  added: z.array(z.string()),
  removed: z.array(z.string()),
  duplicates: z.array(z.string()),
  unknown: z.array(z.string()),
  /** Set when some tickers were unknown: the client shows it like any alert. */
  alert_show: z.literal(true).optional(),
  alert_message: z.string().optional(),
});
export type WatchlistWrite = z.infer<typeof watchlistWriteResponse>;

export const createWatchlistBody = z.strictObject({ name: listName, tickers: tickerInput.optional() });
export const renameWatchlistBody = z.strictObject({ id: watchlistId, name: listName });
export const deleteWatchlistBody = z.strictObject({ id: watchlistId });
export const deleteWatchlistResponse = z.object({ deleted: z.string() });
export const reorderWatchlistsBody = z.strictObject({
  ids: z
    .array(watchlistId)
    .min(1)
    .max(WATCHLIST_LIMITS.namedLists + 1),
});
export const watchlistTickersBody = z.strictObject({ id: watchlistId.default('default'), tickers: tickerInput });
/** Reorders the tickers of a list: the same tickers in a new order, with the version they were read at. */
export const orderWatchlistTickersBody = z.strictObject({
  id: watchlistId,
  tickers: z.array(z.string().max(24)).max(WATCHLIST_LIMITS.tickersPerList),
  version: z.number().int().min(0),
});

export const watchlistOverviewQuery = z.strictObject({ id: watchlistId.default('default') });
export const watchlistOverviewRow = z.object({
  ticker: z.string(),
  company: z.string(),
  sector: z.string(),
  price: z.number().nullable(),
  change: z.number().nullable(),
  change_pct: z.number().nullable(),
  /** Close-to-close over 5 and 21 sessions, in percent. */
  return_1w: z.number().nullable(),
  return_1m: z.number().nullable(),
  /** 20-day dark-pool position (shares and dollars) from the latest FINRA table. */
  dp_position: z.number().nullable(),
  dp_position_dollar: z.number().nullable(),
  si_pct_float: z.number().nullable(),
  signal: z
    .object({ date: z.string(), factor: z.string(), timeframe: z.string(), expected_ret: z.number().nullable() })
    .nullable(),
});
export type WatchlistOverviewRow = z.infer<typeof watchlistOverviewRow>;
export const watchlistOverviewResponse = z.object({
  id: z.string(),
  name: z.string(),
  as_of: z.string(),
  rows: z.array(watchlistOverviewRow),
});
export type WatchlistOverview = z.infer<typeof watchlistOverviewResponse>;

/** Dashboard "My watchlist" card: today's flow per listed ticker and its premium against the 20-day average. */
export const watchlistFlowQuery = z.strictObject({ id: watchlistId.default('default') });
export const watchlistFlowRow = z.object({
  ticker: z.string(),
  /** Premiums in thousands of dollars (cost basis), like the flow trades. */
  call_premium: z.number(),
  put_premium: z.number(),
  call_trades: z.number(),
  put_trades: z.number(),
  premium: z.number(),
  /** Call premium minus put premium (Top Premiums' net). */
  net_premium: z.number(),
  /** The day's largest print of the ticker (the contract page's link); null without trades. */
  largest: z.object({ symbol: z.string(), cost_basis: z.number() }).nullable(),
  /** Mean daily premium over the (up to) 20 days before; days without trades count as 0. */
  avg_premium: z.number().nullable(),
  /** premium / avg_premium; null when there is no average. */
  vs_avg: z.number().nullable(),
});
export type WatchlistFlowRow = z.infer<typeof watchlistFlowRow>;
export const watchlistFlowResponse = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string().nullable(),
  average_days: z.number(),
  rows: z.array(watchlistFlowRow),
});
export type WatchlistFlow = z.infer<typeof watchlistFlowResponse>;
