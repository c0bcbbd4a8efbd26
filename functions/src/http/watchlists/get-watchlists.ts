import { defineHandler } from '../../lib/http.ts';
import { readWatchlists } from './watchlist-service.ts';

/** The caller's lists, in their order: one GetItem. */
export const handler = defineHandler('get_watchlists', async ({ caller }) => readWatchlists(caller!.userId));
