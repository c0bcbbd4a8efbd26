import { defineHandler } from '../../lib/http.ts';
import { removeFromWatchlist } from './watchlist-service.ts';

export const handler = defineHandler('remove_watchlist_tickers', async ({ caller, body }) =>
  removeFromWatchlist(caller!.userId, body.id, body.tickers),
);
