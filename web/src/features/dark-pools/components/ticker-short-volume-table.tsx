import { useMemo } from 'react';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES } from '@tapewatch/shared/constants';
import type { DarkPoolTableRow } from '@tapewatch/shared/schemas/dark-pools';
import { tableCardSx } from './table-card-sx.ts';
import { DataTable } from '../../../components/table/data-table.tsx';
import { useIsMobile } from '../../../lib/use-viewport.ts';
import { PHONE_WIDTH, tickerColumns } from '../utils/columns.ts';

export function TickerShortVolumeTable({ ticker, rows }: { ticker: string; rows: readonly DarkPoolTableRow[] }) {
  const compact = useIsMobile(PHONE_WIDTH);
  const columns = useMemo(() => tickerColumns(compact), [compact]);
  return (
    <Card component="section" variant="outlined" aria-label={`${ticker} short volume`} sx={tableCardSx}>
      <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' } }}>
        {ticker} Daily Short Volume
      </Typography>
      <DataTable<DarkPoolTableRow>
        key={ticker}
        rows={rows}
        columns={columns}
        pageSize={PAGE_SIZES.darkPools}
        getRowKey={(r) => r.date}
        defaultSort={{ columnId: 'date', direction: 'desc' }}
        ariaLabel={`${ticker} daily short volume`}
        csvFileName={`dark-pools-${ticker}.csv`}
      />
    </Card>
  );
}
