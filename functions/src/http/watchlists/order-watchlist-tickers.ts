import { defineHandler } from '../../lib/http.ts';
import { orderWatchlistTickers } from './watchlist-service.ts';

/** Reorders a list's tickers; a stale version (another tab wrote meanwhile) gets 409. */
export const handler = defineHandler('order_watchlist_tickers', async ({ caller, body }) =>
  orderWatchlistTickers(caller!.userId, body.id, body.tickers, body.version),
);
