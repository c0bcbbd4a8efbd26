import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { FlowTable } from '../../../components/flow/flow-table.tsx';
import { FLOW_COLUMNS } from '../../../components/flow/flow-table-logic.ts';
import { downloadCsv, toCsv } from '../../../components/table/csv-export.ts';
import type { LatestTradesData } from '../api/ticker-overview-api.ts';

/** The ticker's last 50 trades of its latest day with flow, in the options flow table's columns. */
export function LatestTrades({ data }: { data: LatestTradesData }) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="latest-trades-title"
      sx={{ p: { xs: 1.5, sm: 2, lg: 1.5 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography
          id="latest-trades-title"
          variant="h6"
          component="h2"
          sx={{ flex: 1, fontSize: { xs: '1rem', sm: '1.15rem' } }}
        >
          Latest Trades
        </Typography>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          disabled={data.data.length === 0}
          onClick={() => downloadCsv(`latest-trades-${data.ticker}-${data.date ?? ''}`, toCsv(data.data, FLOW_COLUMNS))}
        >
          Export CSV
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {data.date
          ? `The last ${data.data.length} trades of ${data.ticker} on ${data.date}, newest first.`
          : `No trades of ${data.ticker} yet.`}
      </Typography>
      {/* Fifteen columns (Date included) fit beside the sidebar at 1440 px only with tight cells, with room for a
          spread's name and chevron in C/P (8 px a side left no room for one). */}
      <Box sx={{ '& .MuiTableCell-root': { px: 0.75 } }}>
        <FlowTable trades={data.data} ariaLabel="Latest Trades" />
      </Box>
    </Card>
  );
}
