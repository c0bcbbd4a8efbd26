import { defineHandler } from '../../lib/http.ts';
import { createWatchlist } from './watchlist-service.ts';

export const handler = defineHandler('create_watchlist', async ({ caller, body }) =>
  createWatchlist(caller!.userId, body.name, body.tickers),
);
