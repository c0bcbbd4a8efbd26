import { useMemo } from 'react';
import { shortInterestCsv } from '@tapewatch/shared/api/csv-columns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { BREAKPOINTS, PAGE_SIZES } from '@tapewatch/shared/constants';
import {
  SHORT_INTEREST_TOP_FIELD,
  SHORT_INTEREST_TOPS,
  type ShortInterestTop,
} from '@tapewatch/shared/params/short-interest';
import { DataTable, type ColumnDef } from '../../../components/table/data-table.tsx';
import { formatNumber, formatPercent } from '../../../lib/format.ts';
import { useViewportWidth } from '../../../lib/use-viewport.ts';
import { withStarOn } from '../../../components/watchlist/ticker-with-star.tsx';
import type { ShortInterestTableRow } from '../api/get-short-interest.ts';

const PHONE_WIDTH = 600;

const columns: readonly ColumnDef<ShortInterestTableRow>[] = withStarOn<ShortInterestTableRow>(
  [
    { id: 'Ticker', header: 'Ticker', value: (r) => r.Ticker },
    { id: 'Date', header: 'Date', value: (r) => r.Date, hideBelow: BREAKPOINTS.chartsMobile },
    {
      id: 'Short Interest',
      header: 'Short Interest',
      value: (r) => r['Short Interest'],
      format: (r) => formatNumber(r['Short Interest']),
      align: 'right',
    },
    {
      id: 'Average Volume',
      header: 'Average Volume',
      value: (r) => r['Average Volume'],
      format: (r) => formatNumber(r['Average Volume']),
      align: 'right',
      hideBelow: BREAKPOINTS.chartsMobile,
    },
    {
      id: 'Days To Cover',
      header: 'Days To Cover',
      value: (r) => r['Days To Cover'],
      format: (r) => formatNumber(r['Days To Cover'], 2),
      align: 'right',
      // Phones keep Ticker, Short Interest and %Float Short; the summary shows the selected ticker's days to cover.
      hideBelow: PHONE_WIDTH,
    },
    {
      id: '%Float Short',
      header: '%Float Short',
      value: (r) => r['%Float Short'],
      format: (r) => formatPercent(r['%Float Short'], 2),
      align: 'right',
    },
  ],
  'Ticker',
  (r) => r.Ticker,
);

interface ShortInterestTableProps {
  rows: readonly ShortInterestTableRow[];
  top: ShortInterestTop;
  onTopChange: (top: ShortInterestTop) => void;
  onSelectTicker: (ticker: string) => void;
  loading: boolean;
}

export function ShortInterestTable({ rows, top, onTopChange, onSelectTicker, loading }: ShortInterestTableProps) {
  // The filter inputs' intrinsic width pushes a phone-wide table sideways; phones sort and page only.
  const filterable = useViewportWidth() >= PHONE_WIDTH;
  const defaultSort = useMemo(() => ({ columnId: SHORT_INTEREST_TOP_FIELD[top], direction: 'desc' as const }), [top]);
  return (
    <Card component="section" variant="outlined" aria-labelledby="si-table-title" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography id="si-table-title" variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' } }}>
        Latest Settlement{rows[0] ? ` (${rows[0].Date})` : ''}
      </Typography>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 1 }}
        role="group"
        aria-label="Select max"
      >
        <Typography variant="body2" color="text.secondary">
          Select max:
        </Typography>
        {SHORT_INTEREST_TOPS.map((t) => (
          <Button
            key={t}
            size="small"
            variant={t === top ? 'contained' : 'outlined'}
            aria-pressed={t === top}
            aria-label={`Select max ${SHORT_INTEREST_TOP_FIELD[t]}`}
            disabled={loading}
            onClick={() => onTopChange(t)}
          >
            {SHORT_INTEREST_TOP_FIELD[t]}
          </Button>
        ))}
      </Box>
      {/* Phones: tighter cells and wrapping headers so the three columns fit 375 px without scrolling. */}
      <Box
        sx={{
          '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
          '& thead .MuiTableCell-root': { whiteSpace: { xs: 'normal', sm: 'nowrap' } },
        }}
      >
        {/* Remounted per ordering: a reload starts sorted by the chosen field, on page 1. */}
        <DataTable
          key={top}
          rows={rows}
          columns={columns}
          pageSize={PAGE_SIZES.shortInterest}
          getRowKey={(r) => r.Ticker}
          defaultSort={defaultSort}
          onRowClick={(r) => onSelectTicker(r.Ticker)}
          filterable={filterable}
          ariaLabel="Short interest by ticker"
          csvFileName={`short-interest-${rows[0]?.Date ?? 'latest'}-${top}.csv`}
          csvColumns={shortInterestCsv}
        />
      </Box>
    </Card>
  );
}
