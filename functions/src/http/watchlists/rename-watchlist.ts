import { defineHandler } from '../../lib/http.ts';
import { renameWatchlist } from './watchlist-service.ts';

export const handler = defineHandler('rename_watchlist', async ({ caller, body }) =>
  renameWatchlist(caller!.userId, body.id, body.name),
);
