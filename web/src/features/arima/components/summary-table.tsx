import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, type ColumnDef } from '../../../components/table/data-table.tsx';
import type { ArimaData } from '../api/get-ts-arima-data.ts';
import { formatStat } from '../utils/reshape.ts';

type Coefficient = ArimaData['summary']['coefficients'][number];
type Stat = ArimaData['summary']['stats'][number];
type Diagnostic = ArimaData['summary']['diagnostics'][number];

const num = (
  id: keyof Coefficient & string,
  header: string,
  digits = 4,
  hideBelow?: number,
): ColumnDef<Coefficient> => ({
  id,
  hideBelow,
  header,
  value: (r) => r[id] as number | null,
  format: (r) => formatStat(r[id] as number | null, digits),
  align: 'right',
  filterable: false,
});

const COEFFICIENT_COLUMNS: ColumnDef<Coefficient>[] = [
  { id: 'name', header: 'Parameter', value: (r) => r.name, filterable: false },
  num('coef', 'coef'),
  num('std_err', 'std err'),
  num('z', 'z', 3, 600),
  num('p_value', 'P>|z|', 3),
  num('ci_lower', '[0.025', 4, 600),
  num('ci_upper', '0.975]', 4, 600),
];

const STAT_COLUMNS: ColumnDef<Stat>[] = [
  { id: 'label', header: 'Statistic', value: (r) => r.label, filterable: false },
  {
    id: 'value',
    header: 'Value',
    value: (r) => r.value,
    format: (r) => (r.label === 'No. Observations' ? String(r.value) : formatStat(r.value, 3)),
    align: 'right',
    filterable: false,
  },
];

const DIAGNOSTIC_COLUMNS: ColumnDef<Diagnostic>[] = [
  { id: 'label', header: 'Residual test', value: (r) => r.label, filterable: false },
  {
    id: 'statistic',
    header: 'Statistic',
    value: (r) => r.statistic,
    format: (r) => formatStat(r.statistic, 2),
    align: 'right',
    filterable: false,
  },
  {
    id: 'p_value',
    header: 'Prob',
    value: (r) => r.p_value,
    format: (r) => (r.p_value === null ? '' : formatStat(r.p_value, 2)),
    align: 'right',
    filterable: false,
  },
];

/** A summary table's box: never wider than its grid cell; phones get tighter cells. */
const tableBoxSx = {
  minWidth: 0,
  overflowX: 'auto',
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
} as const;

/** The model summary rendered from the structured rows (the HTML `table` field is for API clients). */
export function SummaryTable({ summary, ticker }: { summary: ArimaData['summary']; ticker: string }) {
  return (
    <Box
      component="section"
      data-testid="arima-summary"
      sx={{
        display: 'grid',
        gap: 2,
        // Statistics and diagnostics side by side, the coefficients (seven columns) across the full width below.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <Typography variant="h2" sx={{ gridColumn: '1 / -1', fontSize: '1.15rem' }}>
        Model summary: {summary.title}
      </Typography>
      {summary.warnings.map((w) => (
        <Alert key={w} severity="warning" sx={{ gridColumn: '1 / -1' }} data-testid="arima-warning">
          {w}
        </Alert>
      ))}
      <Typography variant="body2" sx={{ gridColumn: '1 / -1' }} data-testid="arima-covariance">
        Standard errors, z, P&gt;|z| and intervals from the covariance type {summary.covariance}.
      </Typography>
      {/* Each table keeps to its own box (scrolling inside it if it must): side by side they used to
          overflow their column and print over the next table ("499drift"). */}
      <Box sx={tableBoxSx}>
        <DataTable
          rows={summary.stats}
          columns={STAT_COLUMNS}
          pageSize={10}
          getRowKey={(r) => r.label}
          filterable={false}
          ariaLabel="ARIMA fit statistics"
          csvFileName={`${ticker}-arima-statistics.csv`}
        />
      </Box>
      <Box sx={tableBoxSx}>
        <DataTable
          rows={summary.diagnostics}
          columns={DIAGNOSTIC_COLUMNS}
          pageSize={10}
          getRowKey={(r) => r.label}
          filterable={false}
          ariaLabel="ARIMA residual diagnostics"
          csvFileName={`${ticker}-arima-diagnostics.csv`}
        />
      </Box>
      <Box sx={{ ...tableBoxSx, gridColumn: '1 / -1' }}>
        <DataTable
          rows={summary.coefficients}
          columns={COEFFICIENT_COLUMNS}
          pageSize={20}
          getRowKey={(r) => r.name}
          filterable={false}
          ariaLabel="ARIMA coefficients"
          csvFileName={`${ticker}-arima-coefficients.csv`}
        />
      </Box>
    </Box>
  );
}
