import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { BREAKPOINTS } from '@tapewatch/shared/constants';
import { SP500_DEFAULT_DATASET, sp500DatasetLabel, type Sp500Dataset } from '@tapewatch/shared/params/sp500';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { DataTable } from '../../components/table/data-table.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useIsMobile } from '../../lib/use-viewport.ts';
import { useSp500RatiosData } from './api/get-sp500-ratios-data.ts';
import { DatasetPicker } from './components/dataset-picker.tsx';
import { Sp500Definitions } from './components/definitions.tsx';
import { RatioChart } from './components/ratio-chart.tsx';
import { StatsList } from './components/stats-list.tsx';
import { formatPeriodDate, formatValue } from './utils/format.ts';
import { ratioColumns } from './utils/columns.ts';
import { toRows } from './utils/table-rows.ts';

/** Narrow cells on phones so Date, Value, Change and Change % fit 375 px without sideways scrolling. */
const tableSx = {
  p: { xs: 0.5, sm: 2 },
  '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } },
  '& td': { whiteSpace: 'nowrap' },
  '& .MuiTableSortLabel-icon': { mx: { xs: 0, sm: 0.5 } },
} as const;

/** Not fixed by the spec (section 9: "not shown"); 20 rows like the other tables. */
const PAGE_SIZE = 20;

export function Sp500StatsPage() {
  const [dataset, setDataset] = useState<Sp500Dataset>(SP500_DEFAULT_DATASET);
  // While the next dataset loads, the previous one stays on screen under the loader.
  const { data: shown, isFetching } = useSp500RatiosData(dataset);
  const shownId = shown?.dataset ?? dataset;
  const yearly = shownId.endsWith('_year');
  const rows = useMemo(() => (shown ? toRows(shown) : []), [shown]);
  const columns = useMemo(() => (shown ? ratioColumns(shown.unit, yearly) : []), [shown, yearly]);
  const label = sp500DatasetLabel(shownId);
  const isMobile = useIsMobile(BREAKPOINTS.chartsMobile);

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          S&amp;P 500 Statistics
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          Valuation, yield, dividend, earnings and price history of the S&amp;P 500 since 1871 from Robert
          Shiller&apos;s monthly data: pick a dataset to see its chart, statistics and table. Definitions are at the
          bottom of the page.
        </Typography>
      </Box>
      <DatasetPicker value={dataset} onChange={setDataset} />
      {shown?.no_data_message && (
        <Alert severity="info" data-testid="sp500-no-data">
          {shown.no_data_message}
        </Alert>
      )}
      {shown && !shown.no_data_message && (
        <>
          <ChartCard
            title={label}
            table={{
              rowHeader: 'Date',
              rowTestId: 'sp500-chart-row',
              columns: ['Value'],
              rows: rows.map((r) => ({
                key: r.date,
                label: formatPeriodDate(r.date, yearly),
                cells: [formatValue(r.value, shown.unit)],
              })),
            }}
            note={shown.as_of ? `Data as of ${shown.as_of}. ${shown.source}.` : shown.source}
          >
            {({ width, height, isMobile }) => (
              <RatioChart
                dates={shown.dates}
                data={shown.data}
                unit={shown.unit}
                label={label}
                yearly={yearly}
                width={width}
                height={height}
                compact={isMobile}
              />
            )}
          </ChartCard>
          <Card variant="outlined" component="section" aria-label="Statistics" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Statistics
            </Typography>
            <StatsList stats={shown.stats} unit={shown.unit} yearly={yearly} />
          </Card>
          <Card variant="outlined" component="section" aria-label={`${label} table`} sx={tableSx}>
            <DataTable
              rows={rows}
              columns={columns}
              pageSize={PAGE_SIZE}
              filterable={!isMobile}
              getRowKey={(r) => r.date}
              ariaLabel={label}
              csvFileName={`${shownId}.csv`}
            />
          </Card>
        </>
      )}
      <Sp500Definitions />
      <LoadingOverlay open={isFetching && shown?.dataset !== dataset} />
    </Box>
  );
}
