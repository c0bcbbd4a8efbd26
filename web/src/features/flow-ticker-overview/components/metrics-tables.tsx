import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TickerMetrics1dData, TickerMetrics5dData } from '../api/ticker-overview-api.ts';
import { metricRows, type MetricRow } from '../utils/metrics-view.ts';

const changeColor = (v: number | null) =>
  v === null || v === 0 ? 'text.secondary' : v > 0 ? 'success.main' : 'error.main';

interface Column {
  header: string;
  cell: (r: MetricRow) => string;
  change?: (r: MetricRow) => number | null;
}

interface MetricsTableProps {
  title: string;
  subtitle: string;
  columns: readonly Column[];
  rows: readonly MetricRow[];
  testId: string;
}

function MetricsTable({ title, subtitle, columns, rows, testId }: MetricsTableProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: { xs: 1, sm: 2 }, flex: '1 1 340px', minWidth: 0 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' } }}>
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {subtitle}
      </Typography>
      {/* Tighter cells on phones keep all four columns of the 1-day table in 375 px; scrolling is the fallback. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={title}
          data-testid={testId}
          sx={{ '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.78rem', sm: '0.875rem' } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Metric
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.header} component="th" scope="col" align="right">
                  {c.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key} data-metric={r.key}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {r.label}
                </TableCell>
                {columns.map((c) => (
                  <TableCell
                    key={c.header}
                    align="right"
                    sx={{ whiteSpace: 'nowrap', color: c.change ? changeColor(c.change(r)) : undefined }}
                  >
                    {c.cell(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}

const ONE_DAY: Column[] = [
  { header: 'Today', cell: (r) => r.today },
  { header: 'Prior', cell: (r) => r.prior },
  { header: 'Prior 1d Chg', cell: (r) => r.priorChange, change: (r) => r.priorChangeValue },
];
const FIVE_DAY: Column[] = [
  { header: 'Last 5 Days', cell: (r) => r.fiveDay },
  { header: '5d Chg', cell: (r) => r.fiveDayChange, change: (r) => r.fiveDayChangeValue },
];

/** 1-day and 5-day metrics side by side (stacked on phones). */
export function MetricsTables({
  d1,
  d5,
}: {
  d1: TickerMetrics1dData | undefined;
  d5: TickerMetrics5dData | undefined;
}) {
  const rows = metricRows(d1, d5);
  const priorText = d1?.prior_date
    ? `prior = ${d1.prior_date}, change against ${d1.base_date ?? 'no earlier day'}`
    : 'no full day yet';
  const fiveText =
    d5 && d5.days.length > 0
      ? `${d5.days.at(-1)} to ${d5.days[0]} against the ${d5.base_days.length || 'no'} full days before`
      : 'no full days yet';
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <MetricsTable
        title="1-Day Metrics"
        subtitle={`Today ${d1?.current_date ?? ''} so far; ${priorText}.`}
        columns={ONE_DAY}
        rows={rows}
        testId="metrics-1d"
      />
      <MetricsTable
        title="5-Day Metrics"
        subtitle={`Last 5 full days (${fiveText}).`}
        columns={FIVE_DAY}
        rows={rows}
        testId="metrics-5d"
      />
    </Box>
  );
}
