import Box from '@mui/material/Box';
import type { ColumnDef } from '../table/table-logic.ts';
import { WatchlistStar } from './watchlist-star.tsx';

/** A table cell's ticker followed by its watchlist star (tables whose rows are about a ticker). */
export function TickerWithStar({ ticker }: { ticker: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap' }}>
      {ticker}
      <WatchlistStar ticker={ticker} />
    </Box>
  );
}

/** Adds the star to the column `columnId` of a column list, whose rows name their ticker through `tickerOf`. */
export function withStarOn<Row>(
  columns: readonly ColumnDef<Row>[],
  columnId: string,
  tickerOf: (row: Row) => string,
): ColumnDef<Row>[] {
  return columns.map((c) =>
    c.id === columnId ? { ...c, render: (r: Row) => <TickerWithStar ticker={tickerOf(r)} /> } : c,
  );
}

/** Adds the star to a column list's `ticker` column. */
export function withTickerStar<Row extends { ticker: string }>(columns: readonly ColumnDef<Row>[]): ColumnDef<Row>[] {
  return withStarOn(columns, 'ticker', (r) => r.ticker);
}
