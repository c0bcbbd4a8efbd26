import { defineHandler } from '../../lib/http.ts';
import { deleteWatchlist } from './watchlist-service.ts';

export const handler = defineHandler('delete_watchlist', async ({ caller, body }) =>
  deleteWatchlist(caller!.userId, body.id),
);
