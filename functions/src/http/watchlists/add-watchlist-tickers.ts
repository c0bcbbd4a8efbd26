import { defineHandler } from '../../lib/http.ts';
import { addToWatchlist } from './watchlist-service.ts';

/** The star and the import: known new tickers are added, unknown ones reported by name. */
export const handler = defineHandler('add_watchlist_tickers', async ({ caller, body }) =>
  addToWatchlist(caller!.userId, body.id, body.tickers),
);
