import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { WATCHLIST_LIMITS } from '@tapewatch/shared/watchlists/limits';
import { downloadCsv } from '../../components/table/csv-export.ts';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useWatchlistActions, useWatchlists } from '../../components/watchlist/watchlist-api.ts';
import { promptSignUp } from '../../lib/sign-up-prompt.ts';
import { useViewportWidth } from '../../lib/use-viewport.ts';
import { useSession } from '../../lib/session.ts';
import { useWatchlistFlow } from './api/get-watchlist-flow.ts';
import { useWatchlistOverview } from './api/get-watchlist-overview.ts';
import { ImportBar } from './components/import-bar.tsx';
import { ListBar } from './components/list-bar.tsx';
import { NameDialog } from './components/name-dialog.tsx';
import { OverviewTable } from './components/overview-table.tsx';
import { nextOverviewSort, overviewCsv, sortOverview, type Sort } from './utils/overview-columns.ts';

/** Phones get one card per ticker. */
const CARDS_BELOW = 700;
type Dialog = { kind: 'create' | 'rename' | 'delete' } | null;

/** /watchlist (issue 24): the user's lists with quote, returns, dark pools, short interest and signals per ticker. */
export function WatchlistPage() {
  const { loggedIn, lists, isPending } = useWatchlists();
  const actions = useWatchlistActions();
  const [params, setParams] = useSearchParams();
  const [sort, setSort] = useState<Sort>({ key: 'order', direction: 'asc' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const cards = useViewportWidth() < CARDS_BELOW;
  const current = lists.find((l) => l.id === params.get('list')) ?? lists[0] ?? null;
  const overview = useWatchlistOverview(
    current?.id ?? 'default',
    current?.tickers ?? [],
    loggedIn && current !== null && current.tickers.length > 0,
  );
  // Subscribers see today's flow per ticker too (the flow route is paid: nobody else asks for it).
  const subscriber = useSession().subscription === 'basic';
  const flowQuery = useWatchlistFlow(
    current?.id ?? 'default',
    current?.tickers ?? [],
    loggedIn && subscriber && current !== null && current.tickers.length > 0,
  );
  const flow = useMemo(
    () => (subscriber && flowQuery.data ? new Map(flowQuery.data.rows.map((r) => [r.ticker, r])) : undefined),
    [subscriber, flowQuery.data],
  );
  const rows = useMemo(() => {
    // Only tickers still on the list (a removal shows at once, before the refetch).
    const keep = new Set(current?.tickers ?? []);
    return sortOverview(
      (overview.data?.rows ?? []).filter((r) => keep.has(r.ticker)),
      sort,
    );
  }, [overview.data, current, sort]);

  if (!loggedIn) {
    return (
      <Box component="article">
        <Typography variant="h1">Watchlist</Typography>
        <Paper variant="outlined" sx={{ p: 3, mt: 2, maxWidth: 560 }}>
          <Typography sx={{ mb: 2 }}>
            Keep the tickers you follow in up to {WATCHLIST_LIMITS.namedLists + 1} lists and filter Options Flow, Short
            Interest, Dark Pools and more by them. Free with an account.
          </Typography>
          <Button variant="contained" disableElevation onClick={promptSignUp}>
            Sign up free
          </Button>
        </Paper>
      </Box>
    );
  }

  const select = (id: string) =>
    setParams(
      (p) => {
        p.set('list', id);
        return p;
      },
      { replace: true },
    );
  const addTickers = async (tickers: string[]): Promise<boolean> => {
    if (!current) return false;
    try {
      await actions.addTickers.mutateAsync({ id: current.id, tickers });
      return true;
    } catch {
      return false; // the API client showed the server's alert
    }
  };
  const moveTicker = (ticker: string, by: -1 | 1) => {
    if (!current) return;
    const order = [...current.tickers];
    const at = order.indexOf(ticker);
    const to = at + by;
    if (at < 0 || to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    actions.orderTickers.mutate({ id: current.id, tickers: order, version: current.version });
  };
  const moveList = (by: -1 | 1) => {
    if (!current) return;
    const ids = lists.map((l) => l.id);
    const at = ids.indexOf(current.id);
    const to = at + by;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    actions.reorderLists.mutate({ ids });
  };

  return (
    <Box component="article">
      <Box sx={{ mb: 2 }}>
        <Typography variant="h1">Watchlist</Typography>
        <Typography variant="subtitle1" component="p" color="text.secondary">
          Star a ticker anywhere to add it here. Up to {WATCHLIST_LIMITS.tickersPerList} tickers per list.
        </Typography>
      </Box>
      {current && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <ListBar
            lists={lists}
            current={current}
            maxNamed={WATCHLIST_LIMITS.namedLists}
            onSelect={select}
            onCreate={() => setDialog({ kind: 'create' })}
            onRename={() => setDialog({ kind: 'rename' })}
            onDelete={() => setDialog({ kind: 'delete' })}
            onMove={moveList}
          />
          <ImportBar
            onAdd={addTickers}
            busy={actions.addTickers.isPending}
            canExport={rows.length > 0}
            onExport={() => downloadCsv(`watchlist-${current.name}`, overviewCsv(rows))}
          />
          {current.tickers.length === 0 ? (
            <Typography color="text.secondary" data-testid="watchlist-empty">
              &quot;{current.name}&quot; is empty. Add tickers above, or press the star next to a ticker on any page.
            </Typography>
          ) : (
            <OverviewTable
              rows={rows}
              sort={sort}
              onSort={(key) => setSort((s) => nextOverviewSort(s, key))}
              onRemove={(ticker) => actions.removeTickers.mutate({ id: current.id, tickers: [ticker] })}
              onMove={sort.key === 'order' ? moveTicker : undefined}
              cards={cards}
              {...(flow ? { flow } : {})}
            />
          )}
          {overview.data && (
            <Typography variant="caption" color="text.secondary">
              Prices as of {overview.data.as_of}. Dark-pool position: net short volume over the last 20 sessions.
              Signals: the latest factor signal, if one fired.
              {flowQuery.data &&
                ` Flow of ${flowQuery.data.date ?? 'today'}: net premium is calls minus puts, in thousands of dollars; the largest print opens its contract.`}
            </Typography>
          )}
        </Box>
      )}
      {dialog?.kind === 'create' && (
        <NameDialog
          title="New list"
          initial=""
          confirmText="Create"
          onClose={() => setDialog(null)}
          onConfirm={(name) => {
            setDialog(null);
            actions.create.mutate({ name }, { onSuccess: (a) => select((a as { list: { id: string } }).list.id) });
          }}
        />
      )}
      {dialog?.kind === 'rename' && current && (
        <NameDialog
          title="Rename list"
          initial={current.name}
          confirmText="Rename"
          onClose={() => setDialog(null)}
          onConfirm={(name) => {
            setDialog(null);
            actions.rename.mutate({ id: current.id, name });
          }}
        />
      )}
      {dialog?.kind === 'delete' && current && (
        <NameDialog
          title="Delete list"
          initial=""
          question={`Delete "${current.name}" and its ${current.tickers.length} tickers?`}
          confirmText="Delete"
          onClose={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            actions.remove.mutate({ id: current.id }, { onSuccess: () => select('default') });
          }}
        />
      )}
      <LoadingOverlay open={isPending || (overview.isFetching && !overview.data)} />
    </Box>
  );
}
