import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { FLOW_PAGE_SIZE } from '../../../components/flow/flow-table-logic.ts';
import { DataTable, type ColumnDef, type SortState } from '../../../components/table/data-table.tsx';
import { withTickerStar } from '../../../components/watchlist/ticker-with-star.tsx';
import { useMemo } from 'react';

interface DashboardTableProps<Row extends FlowTrade> {
  title: string;
  caption: string;
  rows: readonly Row[];
  columns: readonly ColumnDef<Row>[];
  defaultSort: SortState;
  csvFileName: string;
  highlight: string | null;
  /** A row was chosen (click, Enter or Space): highlight its ticker. */
  onPick: (ticker: string) => void;
}

const rowKey = (t: FlowTrade) => t.key;

/** A titled flow table of the day: sortable, paged like the flow table, CSV export; a highlighted ticker's rows are marked. */
export function DashboardTable<Row extends FlowTrade>({
  title,
  caption,
  rows,
  columns,
  defaultSort,
  csvFileName,
  highlight,
  onPick,
}: DashboardTableProps<Row>) {
  const id = `${csvFileName}-title`;
  const starred = useMemo(() => withTickerStar(columns), [columns]);
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' } }}>
        {title}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary">
        {caption}
      </Typography>
      {/* Tighter cells that never wrap: fourteen columns beside the sidebar, six in 375 px, where only
          the sorted column keeps its (otherwise invisible but space-taking) sort arrow. */}
      <Box
        sx={{
          '& .MuiTableCell-root': {
            whiteSpace: 'nowrap',
            px: { xs: 0.5, sm: 1 },
            fontSize: { xs: '0.75rem', sm: '0.875rem' },
          },
          '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': {
            display: { xs: 'none', sm: 'inline-block' },
          },
        }}
      >
        <DataTable
          rows={rows}
          columns={starred}
          pageSize={FLOW_PAGE_SIZE}
          getRowKey={rowKey}
          defaultSort={defaultSort}
          filterable={false}
          ariaLabel={title}
          csvFileName={csvFileName}
          isRowMarked={highlight ? (r) => r.ticker === highlight : undefined}
          onRowClick={(r) => onPick(r.ticker)}
        />
      </Box>
    </Card>
  );
}
