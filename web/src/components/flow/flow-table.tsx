import { memo, useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { keyframes } from '@mui/material/styles';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import type { FlowRowTrade } from '@tapewatch/shared/flow/spreads';
import { DENSE_CELL, flowCellSx } from './put-call-color.ts';
import { SpreadLegRows, SpreadToggle, useSpreadRows } from './spread-rows.tsx';
import { WatchlistStar } from '../watchlist/watchlist-star.tsx';
import { ContractLink } from './contract-link.tsx';
import { useViewportWidth } from '../../lib/use-viewport.ts';
import { nextSort, sortRows, type SortState } from '../table/table-logic.ts';
import {
  defaultFlowSort,
  flowPage,
  FLOW_PAGE_SIZE,
  FLOW_TIERS,
  formatScore,
  scoreBarPercent,
  spreadPremiumTitle,
  volOiTitle,
  visibleFlowColumns,
  type FlowColumn,
} from './flow-table-logic.ts';

export interface FlowTableProps {
  trades: readonly FlowTrade[];
  /** Live mode hides the Date column and starts sorted by time. */
  live?: boolean;
  /** Key of the newest streamed trade: its row gets a brief fade-in marker. */
  newestKey?: string | null;
  pageSize?: number;
  ariaLabel?: string;
  /** A watchlist star next to each row's ticker (the product's flow pages; not the landing sample). */
  star?: boolean;
}

// The marker fades in as a background tint, never as text opacity: a half-transparent row would be
// unreadable (and fails contrast) while it appears.
const fadeIn = keyframes`from { background-color: transparent; }`;

/** Width band of the viewport, so the column list (and every memoised row) changes only at a tier. */
function band(width: number): number {
  return width >= FLOW_TIERS.showGreeks
    ? 4
    : width >= FLOW_TIERS.hideFill
      ? 3
      : width >= FLOW_TIERS.hideDetail
        ? 2
        : width >= FLOW_TIERS.hideCompact
          ? 1
          : 0;
}
const BAND_WIDTH = [
  0,
  FLOW_TIERS.hideCompact,
  FLOW_TIERS.hideDetail,
  FLOW_TIERS.hideFill,
  FLOW_TIERS.showGreeks,
] as const;

function ScoreCell({ score }: { score: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 72 }}>
      <Box sx={{ flex: 1, height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}>
        <Box sx={{ width: `${scoreBarPercent(score)}%`, height: '100%', bgcolor: 'primary.main' }} />
      </Box>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatScore(score)}
      </Box>
    </Box>
  );
}

interface FlowRowProps {
  trade: FlowRowTrade;
  columns: readonly FlowColumn[];
  marked: boolean;
  dense: boolean;
  star: boolean;
  /** A spread's legs are shown under it. */
  open: boolean;
  onToggle: (key: string) => void;
}

/** Memoised: prepending a trade renders one new row, not the page. */
const FlowRow = memo(function FlowRow({ trade, columns, marked, dense, star, open, onToggle }: FlowRowProps) {
  const spread = trade.spread;
  return (
    <>
      <TableRow
        hover
        data-testid="flow-row"
        data-key={trade.key}
        data-spread={spread ? (spread.structure ?? 'multi-leg') : undefined}
        data-new={marked || undefined}
        sx={
          marked
            ? {
                bgcolor: 'action.selected',
                animation: `${fadeIn} 800ms ease-out`,
              }
            : undefined
        }
      >
        {columns.map((c) => (
          <TableCell
            key={c.id}
            align={c.align ?? 'left'}
            sx={flowCellSx(c.id, dense, spread ? null : trade.put_call)}
            title={
              c.id === 'voloi' && !spread
                ? volOiTitle(trade)
                : c.id === 'premium' && spread
                  ? spreadPremiumTitle(trade)
                  : undefined
            }
          >
            {spread && c.id === 'put_call' ? (
              <SpreadToggle order={spread} open={open} dense={dense} onToggle={onToggle} />
            ) : c.id === 'score' ? (
              <ScoreCell score={trade.score} />
            ) : star && c.id === 'ticker' ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
                {String(c.value(trade) ?? '')}
                <WatchlistStar ticker={trade.ticker} />
              </Box>
            ) : dense && c.id === 'date' ? (
              // Phones: month-day keeps the six columns within 375 px; the full date is the cell title.
              <span title={trade.date}>{trade.date.slice(5)}</span>
            ) : !spread && star && c.id === 'strike' ? (
              // On the product's flow pages (those with stars; not the landing sample) the strike names
              // the contract with the row's ticker, side and expiry: it opens the contract's page.
              <ContractLink print={trade}>{c.format?.(trade)}</ContractLink>
            ) : c.format ? (
              c.format(trade)
            ) : (
              String(c.value(trade) ?? '')
            )}
          </TableCell>
        ))}
      </TableRow>
      {spread && open && <SpreadLegRows order={spread} columns={columns} dense={dense} />}
    </>
  );
});

/**
 * The options flow table of spec part 2 section 2.5.2, fed by props (landing sample data or the
 * live and historical flow). Sorting, 12-row pages padded with invisible rows, width tiers.
 */
export function FlowTable({
  trades,
  live = false,
  newestKey = null,
  pageSize = FLOW_PAGE_SIZE,
  ariaLabel = 'Options flow',
  star = false,
}: FlowTableProps) {
  const tier = band(useViewportWidth());
  const columns = useMemo(() => visibleFlowColumns(BAND_WIDTH[tier]!, live), [tier, live]);
  const [sort, setSort] = useState<SortState>(() => defaultFlowSort(live));
  const [page, setPage] = useState(1);
  const [marked, setMarked] = useState<string | null>(newestKey);
  // A new dataset starts on page 1; a streamed trade (new newest key) keeps the reader's page and is
  // marked; any other change clears the marker.
  const [seen, setSeen] = useState({ trades, newestKey });
  if (seen.trades !== trades || seen.newestKey !== newestKey) {
    const streamed = newestKey !== seen.newestKey && newestKey !== null;
    setMarked(streamed ? newestKey : null);
    setSeen({ trades, newestKey });
    if (!streamed) setPage(1);
  }

  // Multi-leg orders as one row each (their legs under it when opened).
  const rows = useSpreadRows(trades);
  const [openSpreads, setOpenSpreads] = useState<ReadonlySet<string>>(() => new Set());
  const onToggle = useCallback(
    (key: string) =>
      setOpenSpreads((prev) => {
        const next = new Set(prev);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const view = flowPage(sorted, page, pageSize);

  const onSort = (column: FlowColumn) => {
    setSort((s) => nextSort(s, column));
    setMarked(null);
  };
  const onPage = (next: number) => {
    setPage(next);
    setMarked(null);
  };

  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={ariaLabel} data-testid="flow-table">
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const active = sort.columnId === c.id;
                return (
                  <TableCell
                    key={c.id}
                    align={c.align ?? 'left'}
                    sortDirection={active ? sort.direction : false}
                    sx={{ whiteSpace: 'nowrap', fontWeight: 600, ...(tier === 0 && DENSE_CELL) }}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : (c.firstDirection ?? 'asc')}
                      onClick={() => onSort(c)}
                      sx={
                        active
                          ? { color: 'primary.main', '& .MuiTableSortLabel-icon': { color: 'primary.main !important' } }
                          : tier === 0
                            ? { '& .MuiTableSortLabel-icon': { display: 'none' } }
                            : undefined
                      }
                    >
                      {tier === 0 ? (c.compactHeader ?? c.header) : c.header}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {view.rows.map((t) => (
              <FlowRow
                key={t.key}
                trade={t}
                columns={columns}
                marked={t.key === marked || (t.spread?.legs.some((l) => l.key === marked) ?? false)}
                dense={tier === 0}
                star={star}
                open={openSpreads.has(t.key)}
                onToggle={onToggle}
              />
            ))}
            {Array.from({ length: view.blanks }, (_, i) => (
              <TableRow key={`blank-${i}`} aria-hidden data-testid="flow-blank-row" sx={{ visibility: 'hidden' }}>
                <TableCell colSpan={columns.length}>&nbsp;</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {view.pageCount > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Pagination size="small" count={view.pageCount} page={view.page} onChange={(_, p) => onPage(p)} />
        </Box>
      )}
    </Box>
  );
}
