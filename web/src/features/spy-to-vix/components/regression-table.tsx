import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SpyToVixRegression } from '@tapewatch/shared/schemas/spy-to-vix';
import { DataTable, type ColumnDef } from '../../../components/table/data-table.tsx';
import { formatP, regressionRows, type RegressionRow } from '../utils/reshape.ts';

const num = (v: number) => v.toFixed(4);
// The wire keeps the spec's t / P>|t| keys, but with Newey-West errors the statistic is compared
// with the normal law (statsmodels' HAC default, use_t=False), which statsmodels heads z and P>|z|.
const columns: ColumnDef<RegressionRow>[] = [
  {
    id: 'term',
    header: 'Term',
    value: (r) => r.term,
    format: (r) => (r.term === 'alpha' ? 'alpha' : 'beta'),
    sortable: false,
  },
  { id: 'coef', header: 'Coef.', value: (r) => r.coef, format: (r) => num(r.coef), align: 'right', sortable: false },
  { id: 'se', header: 'Std. Err.', value: (r) => r.se, format: (r) => num(r.se), align: 'right', sortable: false },
  { id: 't', header: 'z', value: (r) => r.t, format: (r) => r.t.toFixed(3), align: 'right', sortable: false },
  { id: 'p', header: 'P>|z|', value: (r) => r.p, format: (r) => formatP(r.p), align: 'right', sortable: false },
  {
    id: 'lo',
    header: '[0.025',
    value: (r) => r.lo,
    format: (r) => num(r.lo),
    align: 'right',
    sortable: false,
    hideBelow: 420,
  },
  {
    id: 'hi',
    header: '0.975]',
    value: (r) => r.hi,
    format: (r) => num(r.hi),
    align: 'right',
    sortable: false,
    hideBelow: 420,
  },
];

export function RegressionTable({
  regression,
  period,
  days,
}: {
  regression: SpyToVixRegression;
  period: string;
  days: number;
}) {
  return (
    <Box data-testid={`regression-${period}`}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Regression: SPY {days}-day change % = alpha + beta x VIX {days}-day change %
      </Typography>
      <DataTable
        rows={regressionRows(regression)}
        columns={columns}
        pageSize={2}
        getRowKey={(r) => r.term}
        filterable={false}
        ariaLabel={`${days}-day regression`}
        csvFileName={`spy-to-vix-regression-${period}`}
      />
      <Typography variant="body2" sx={{ mt: 1 }}>
        Correlation <b data-testid={`correlation-${period}`}>{regression.correlation.toFixed(4)}</b> · R-squared{' '}
        <b data-testid={`rsquared-${period}`}>{regression.r_squared.toFixed(4)}</b> ·{' '}
        {regression.nobs.toLocaleString('en-US')} days
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        Newey-West standard errors with {regression.maxlags} lag{regression.maxlags === 1 ? '' : 's'}
        {regression.maxlags === 0
          ? ' (White heteroskedasticity-robust: one-day windows do not overlap)'
          : ' (the h-day windows overlap)'}
        {';'}
        p-values and intervals from the normal law.
      </Typography>
    </Box>
  );
}
