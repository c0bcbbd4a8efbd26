import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { OverviewRow } from '../api/get-watchlist-overview.ts';
import type { FlowRow } from '../api/get-watchlist-flow.ts';
import { FLOW_COLUMNS, netColor } from '../utils/flow-columns.ts';
import { OVERVIEW_COLUMNS, type Sort, type SortKey } from '../utils/overview-columns.ts';
import { FlowCellContent } from './flow-cell.tsx';

export interface OverviewTableProps {
  rows: readonly OverviewRow[];
  sort: Sort;
  onSort: (key: Exclude<SortKey, 'order'>) => void;
  onRemove: (ticker: string) => void;
  /** Moves a ticker one place in the list's own order (offered only while unsorted). */
  onMove?: (ticker: string, by: -1 | 1) => void;
  /** Phones: one card per ticker instead of the table. */
  cards: boolean;
  /** Subscribers: today's flow per ticker, shown in the flow columns (absent: no flow columns). */
  flow?: ReadonlyMap<string, FlowRow>;
}

const trendColor = (v: number | null): string =>
  v === null || v === 0 ? 'text.primary' : v > 0 ? 'success.main' : 'error.main';
const TREND_KEYS = new Set(['change_pct', 'return_1w', 'return_1m']);

/** One figure of a phone card: its label over its value; a wide one takes the card's whole row. */
function CardField(props: {
  label: string;
  wide: boolean;
  color: string | undefined;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box data-testid={props.testId} sx={{ minWidth: 0, gridColumn: props.wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {props.label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', color: props.color }}>
        {props.children}
      </Typography>
    </Box>
  );
}

export function OverviewTable({ rows, sort, onSort, onRemove, onMove, cards, flow }: OverviewTableProps) {
  const flowColumns = flow ? FLOW_COLUMNS : [];
  if (cards) {
    return (
      <Box
        component="ul"
        aria-label="Watchlist tickers"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {rows.map((r) => (
          <Paper
            component="li"
            variant="outlined"
            key={r.ticker}
            data-testid="watchlist-card"
            data-ticker={r.ticker}
            sx={{ p: 1.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{r.ticker}</Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="p">
                  {r.company}
                </Typography>
              </Box>
              <IconButton size="small" aria-label={`Remove ${r.ticker}`} onClick={() => onRemove(r.ticker)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Box>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.5, m: 0, mt: 1 }}>
              {OVERVIEW_COLUMNS.filter((c) => c.key !== 'ticker').map((c) => (
                <CardField
                  key={c.key}
                  label={c.header}
                  wide={c.key === 'signal'}
                  color={TREND_KEYS.has(c.key) ? trendColor(c.value(r) as number | null) : undefined}
                >
                  {c.format(r)}
                </CardField>
              ))}
              {flowColumns.map((c) => (
                <CardField
                  key={c.key}
                  label={c.header}
                  wide={c.key === 'largest'}
                  color={c.key === 'net_premium' ? netColor(flow?.get(r.ticker)) : undefined}
                  testId={`watchlist-flow-${c.key}`}
                >
                  <FlowCellContent column={c} row={flow?.get(r.ticker)} />
                </CardField>
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    // position: relative keeps the visually hidden "Actions" header inside the scrolling box: an absolute element
    // whose containing block lies outside it would widen the whole page.
    <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
      <Table size="small" aria-label="Watchlist tickers" sx={{ '& .MuiTableCell-root': { px: 1.25 } }}>
        <TableHead>
          <TableRow>
            {OVERVIEW_COLUMNS.map((c) => (
              <TableCell key={c.key} align={c.align} sortDirection={sort.key === c.key ? sort.direction : false}>
                <TableSortLabel
                  active={sort.key === c.key}
                  direction={sort.key === c.key ? sort.direction : 'asc'}
                  onClick={() => onSort(c.key)}
                >
                  {c.header}
                </TableSortLabel>
              </TableCell>
            ))}
            {flowColumns.map((c) => (
              <TableCell key={c.key} align={c.align}>
                {c.header}
              </TableCell>
            ))}
            <TableCell align="right">
              <Box
                component="span"
                sx={{
                  position: 'absolute',
                  width: '1px',
                  height: '1px',
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                  whiteSpace: 'nowrap',
                }}
              >
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={r.ticker} hover data-testid="watchlist-row" data-ticker={r.ticker}>
              {OVERVIEW_COLUMNS.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  title={c.key === 'ticker' ? r.company : undefined}
                  sx={{
                    whiteSpace: 'nowrap',
                    fontVariantNumeric: 'tabular-nums',
                    fontWeight: c.key === 'ticker' ? 700 : undefined,
                    color: TREND_KEYS.has(c.key) ? trendColor(c.value(r) as number | null) : undefined,
                  }}
                >
                  {c.format(r)}
                </TableCell>
              ))}
              {flowColumns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  data-testid={`watchlist-flow-${c.key}`}
                  sx={{
                    whiteSpace: 'nowrap',
                    fontVariantNumeric: 'tabular-nums',
                    color: c.key === 'net_premium' ? netColor(flow?.get(r.ticker)) : undefined,
                  }}
                >
                  <FlowCellContent column={c} row={flow?.get(r.ticker)} />
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {onMove && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`Move ${r.ticker} up`}
                      disabled={i === 0}
                      onClick={() => onMove(r.ticker, -1)}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Move ${r.ticker} down`}
                      disabled={i === rows.length - 1}
                      onClick={() => onMove(r.ticker, 1)}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </>
                )}
                <IconButton size="small" aria-label={`Remove ${r.ticker}`} onClick={() => onRemove(r.ticker)}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
