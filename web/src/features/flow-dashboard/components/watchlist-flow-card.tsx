import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useWatchlistFilter } from '../../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../../components/watchlist/watchlist-filter-chip.tsx';
import { WatchlistStar } from '../../../components/watchlist/watchlist-star.tsx';
import { apiGet } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';

const usdK = (v: number | null) => (v === null ? '-' : `$${formatNumber(v, 0)}K`);
const ratio = (v: number | null) => (v === null ? '-' : `×${formatNumber(v, 1)}`);

/**
 * "My watchlist" (issue 24): the chosen list's flow today (the URL's ?watchlist=, else the default
 * list): call and put premiums and trades per ticker, and the premium against its 20-day average.
 */
export function WatchlistFlowCard({ enabled }: { enabled: boolean }) {
  const watch = useWatchlistFilter();
  const id = watch.listId ?? 'default';
  const list = watch.lists.find((l) => l.id === id);
  const query = useQuery({
    queryKey: ['get_watchlist_flow', id, list?.tickers.join(',') ?? ''],
    queryFn: ({ signal }) => apiGet('get_watchlist_flow', { id }, { signal }),
    enabled: enabled && watch.loggedIn && list !== undefined,
    staleTime: 15_000,
    placeholderData: (previous) => previous,
  });
  if (!watch.loggedIn) return null;
  const rows = query.data?.rows ?? [];
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="watchlist-flow-title"
      data-testid="watchlist-flow-card"
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography
          id="watchlist-flow-title"
          variant="h6"
          component="h2"
          sx={{ fontSize: { xs: '1rem', sm: '1.15rem' } }}
        >
          My watchlist{list && list.id !== 'default' ? `: ${list.name}` : ''}
        </Typography>
        <WatchlistFilterChip filter={watch} />
      </Box>
      <Typography variant="caption" component="p" color="text.secondary">
        Flow of {query.data?.date ?? 'the day'} per ticker; premium against its average over the{' '}
        {query.data?.average_days ?? 20} days before.
      </Typography>
      {list && list.tickers.length === 0 ? (
        <Typography variant="body2" sx={{ py: 1 }}>
          Your list is empty. Star tickers anywhere, or add them on the{' '}
          <Link component={RouterLink} to="/watchlist">
            Watchlist page
          </Link>
          .
        </Typography>
      ) : (
        <Box
          sx={{
            overflowX: 'auto',
            '& .MuiTableCell-root': {
              whiteSpace: 'nowrap',
              px: { xs: 0.5, sm: 1 },
              fontVariantNumeric: 'tabular-nums',
            },
          }}
        >
          <Table size="small" aria-label="My watchlist flow">
            <TableHead>
              <TableRow>
                <TableCell>Ticker</TableCell>
                <TableCell align="right">Calls</TableCell>
                <TableCell align="right">Puts</TableCell>
                <TableCell align="right">Trades C/P</TableCell>
                <TableCell align="right">vs 20d avg</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.ticker} data-testid="watchlist-flow-row">
                  <TableCell>
                    <Box
                      component="span"
                      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 600 }}
                    >
                      {r.ticker}
                      <WatchlistStar ticker={r.ticker} listId={id} />
                    </Box>
                  </TableCell>
                  <TableCell align="right">{usdK(r.call_premium)}</TableCell>
                  <TableCell align="right">{usdK(r.put_premium)}</TableCell>
                  <TableCell align="right">
                    {r.call_trades}/{r.put_trades}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      color: r.vs_avg !== null && r.vs_avg >= 2 ? 'warning.main' : undefined,
                      fontWeight: r.vs_avg !== null && r.vs_avg >= 2 ? 700 : undefined,
                    }}
                  >
                    {ratio(r.vs_avg)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Card>
  );
}
