import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SpyToVixProbRow } from '@tapewatch/shared/schemas/spy-to-vix';
import { DataTable, type ColumnDef } from '../../../components/table/data-table.tsx';

const columns: ColumnDef<SpyToVixProbRow>[] = [
  { id: 'vix_bucket', header: 'VIX change %', value: (r) => Number(r.vix_bucket), format: (r) => r.vix_bucket },
  {
    id: 'positive',
    header: 'P(SPY up) %',
    value: (r) => r.positive,
    format: (r) => r.positive.toFixed(2),
    align: 'right',
    firstDirection: 'desc',
  },
  {
    id: 'negative',
    header: 'P(SPY down) %',
    value: (r) => r.negative,
    format: (r) => r.negative.toFixed(2),
    align: 'right',
    firstDirection: 'desc',
  },
  {
    id: 'count',
    header: 'Count',
    value: (r) => r.count,
    format: (r) => r.count.toLocaleString('en-US'),
    align: 'right',
    firstDirection: 'desc',
  },
];

export function ProbabilityTable({ rows, period, days }: { rows: SpyToVixProbRow[]; period: string; days: number }) {
  return (
    <Box data-testid={`probability-${period}`}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        SPY over the next {days} day{days === 1 ? '' : 's'} by VIX {days}-day change (10% buckets)
      </Typography>
      <DataTable
        rows={rows}
        columns={columns}
        pageSize={16}
        getRowKey={(r) => r.vix_bucket}
        filterable={false}
        defaultSort={{ columnId: 'vix_bucket', direction: 'asc' }}
        ariaLabel={`${days}-day probability table`}
        csvFileName={`spy-to-vix-probability-${period}`}
      />
    </Box>
  );
}
