import Box from '@mui/material/Box';
import { darkPoolsCsv } from '@tapewatch/shared/api/csv-columns';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES } from '@tapewatch/shared/constants';
import type { DarkPoolRow, DarkPoolTopColumn } from '@tapewatch/shared/schemas/dark-pools';
import { tableCardSx } from './table-card-sx.ts';
import { DataTable } from '../../../components/table/data-table.tsx';
import { useMemo } from 'react';
import { useIsMobile, useViewportWidth } from '../../../lib/use-viewport.ts';
import type { DarkPoolData, MinMax } from '../api/get-dark-pool-data.ts';
import { darkPoolColumns, PHONE_WIDTH, TOP_BUTTONS } from '../utils/columns.ts';
import { filterByWatchlist, useWatchlistFilter } from '../../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../../components/watchlist/watchlist-filter-chip.tsx';
import { withStarOn } from '../../../components/watchlist/ticker-with-star.tsx';

interface DarkPoolTableProps {
  data: DarkPoolData | undefined;
  top: DarkPoolTopColumn;
  minmax: MinMax;
  onReload: (top: DarkPoolTopColumn, minmax: MinMax) => void;
  onSelect: (ticker: string) => void;
}

export function DarkPoolTable({ data, top, minmax, onReload, onSelect }: DarkPoolTableProps) {
  const width = useViewportWidth();
  const compact = useIsMobile(PHONE_WIDTH);
  const columns = useMemo(() => withStarOn(darkPoolColumns(compact), 'Ticker', (r) => r.Ticker), [compact]);
  const watch = useWatchlistFilter();
  const shown = useMemo(
    () => filterByWatchlist(data?.data ?? [], watch.tickers, (r) => r.Ticker),
    [data, watch.tickers],
  );
  const buttons = TOP_BUTTONS.filter((b) => b.hideBelow === undefined || width >= b.hideBelow);
  return (
    <Card component="section" variant="outlined" aria-label="All tickers" sx={tableCardSx}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, mr: 1 }}>
          All Tickers{data ? ` on ${data.as_of}` : ''}
        </Typography>
        <RadioGroup
          row
          aria-label="Min or Max"
          value={minmax === 'asc' ? 'min' : 'max'}
          onChange={(e) => onReload(top, e.target.value === 'min' ? 'asc' : 'desc')}
        >
          <FormControlLabel value="min" control={<Radio size="small" />} label="Min" />
          <FormControlLabel value="max" control={<Radio size="small" />} label="Max" />
        </RadioGroup>
        <Box role="group" aria-label="Order table by" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {buttons.map((b) => (
            <Button
              key={b.top}
              size="small"
              variant={b.top === top ? 'contained' : 'outlined'}
              aria-pressed={b.top === top}
              onClick={() => onReload(b.top, minmax)}
            >
              {b.label}
            </Button>
          ))}
        </Box>
      </Box>
      <Box sx={{ mb: 1 }}>
        <WatchlistFilterChip filter={watch} />
      </Box>
      {data && (
        <DataTable<DarkPoolRow>
          // A reload shows the server's order: remounting applies it as the sort and resets to page 1.
          key={`${top}|${minmax}`}
          rows={shown}
          columns={columns}
          pageSize={PAGE_SIZES.darkPools}
          getRowKey={(r) => r.Ticker}
          defaultSort={{ columnId: top, direction: minmax }}
          onRowClick={(r) => onSelect(r.Ticker)}
          ariaLabel="Dark pool data of all tickers"
          csvFileName={`dark-pools-${data.as_of}.csv`}
          csvColumns={darkPoolsCsv}
          padRows
        />
      )}
    </Card>
  );
}
