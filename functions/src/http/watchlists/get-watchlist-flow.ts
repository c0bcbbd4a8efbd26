import { loadFlowDays } from '../flow/flow-days.ts';
import { dashboardDays } from '../../domain/flow/dashboard.ts';
import { watchlistFlowRows } from '../../domain/watchlists/flow-card.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { readWatchlist } from './watchlist-service.ts';

/** Dashboard "My watchlist" card, from the cached per-day flow summaries (no trade reads). */
export const handler = defineHandler('get_watchlist_flow', async ({ caller, query }) => {
  const list = await readWatchlist(caller!.userId, query.id);
  if (!list) throw new NotFoundError('This watchlist no longer exists. Reload the page to see your lists.');
  const { day, before } = dashboardDays(...(await loadFlowDays().then((d) => [d.current, d.full] as const)));
  return {
    id: list.id,
    name: list.name,
    date: day?.date ?? null,
    average_days: before.length,
    rows: watchlistFlowRows(day, before, list.tickers),
  };
});
