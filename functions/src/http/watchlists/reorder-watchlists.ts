import { defineHandler } from '../../lib/http.ts';
import { reorderWatchlists } from './watchlist-service.ts';

export const handler = defineHandler('reorder_watchlists', async ({ caller, body }) =>
  reorderWatchlists(caller!.userId, body.ids),
);
