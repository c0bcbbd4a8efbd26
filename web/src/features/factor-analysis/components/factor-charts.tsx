import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { FactorAnalysisData, PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart.tsx';
import { DataTable, type ColumnDef } from '../../../components/table/data-table.tsx';
import {
  cumulativeTable,
  histogramBars,
  histogramTable,
  horizonLabel,
  parsePastSignals,
  predictionTable,
  predictionView,
  returnsTable,
  statisticsView,
} from '../utils/reshape.ts';
import { BarChart } from './bar-chart.tsx';
import { ComparisonPanel } from './comparison-panel.tsx';
import { StatisticsTable } from './statistics-table.tsx';

const gridSx = { display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;
const fmtPct = (v: number) => `${v.toFixed(2)}%`;

function pastColumns(d: FactorAnalysisData): ColumnDef<PastSignalRow>[] {
  return [
    { id: 'date', header: 'Date', value: (r) => r.date, firstDirection: 'desc' },
    { id: 'close', header: 'Close', value: (r) => r.close, format: (r) => r.close.toFixed(2), align: 'right', tier: 2 },
    // The walk-forward period chosen at the signal and the trade's return at it (blank: not traded or still open).
    {
      id: 'period',
      header: 'Period',
      value: (r) => r.period,
      format: (r) => (r.period === null ? '' : horizonLabel(d.timeframe, r.period)),
      align: 'right',
    },
    {
      id: 'outcome',
      header: 'Trade %',
      value: (r) => r.outcome,
      format: (r) => (r.outcome === null ? '' : r.outcome.toFixed(2)),
      align: 'right',
    },
    ...d.horizons.map(
      (h): ColumnDef<PastSignalRow> => ({
        id: `fwd_ret_${h}`,
        header: `${horizonLabel(d.timeframe, h)} %`,
        value: (r) => r[`fwd_ret_${h}`] ?? null,
        format: (r) => {
          const v = r[`fwd_ret_${h}`];
          return v === null || v === undefined ? '' : v.toFixed(2);
        },
        align: 'right',
      }),
    ),
  ];
}

export function FactorCharts({ data }: { data: FactorAnalysisData }) {
  const theme = useTheme();
  const view = useMemo(
    () => ({
      prediction: predictionView(data),
      predictionTable: predictionTable(data),
      returns: data.past_signals_returns_data.dates.map((date, i) => ({
        label: date,
        value: data.past_signals_returns_data.returns[i]!,
      })),
      returnsTable: returnsTable(data),
      hist: histogramBars(data),
      histTable: histogramTable(data),
      stats: statisticsView(data),
      past: parsePastSignals(data),
      columns: pastColumns(data),
      cumulativeTable: cumulativeTable(data),
    }),
    [data],
  );
  const colors = [theme.palette.text.primary, theme.palette.success.main, theme.palette.warning.main];
  const c = data.cumulative_returns_data;
  return (
    <>
      {/* Right under the Last Signal: the headline's honest figures beside the hindsight ones. */}
      <ComparisonPanel data={data} />
      <ChartCard
        title="Prediction"
        table={view.predictionTable}
        height={400}
        mobileHeight={320}
        note="% change from the last signal's close; the expected and median paths (of the earlier signals held the period, finished by the signal's date) run to the exit, one bar plus the period later."
      >
        {({ width, height, isMobile }) => (
          <TimeSeriesChart
            dates={view.prediction.dates}
            series={view.prediction.series.map((s, i) => ({ ...s, color: colors[i]! }))}
            width={width}
            height={height}
            compact={isMobile}
            formatValue={fmtPct}
          />
        )}
      </ChartCard>
      <Box sx={gridSx}>
        <ChartCard
          title="Past Signals Returns (out-of-sample)"
          table={view.returnsTable}
          height={340}
          mobileHeight={280}
          note="Each signal's trade at the period chosen walk-forward at it; signals without enough history and open trades are left out."
        >
          {({ width, height, isMobile }) => (
            <BarChart
              bars={view.returns}
              width={width}
              height={height}
              compact={isMobile}
              formatTick={(v) => `${v}%`}
              signed
            />
          )}
        </ChartCard>
        <ChartCard title="Return Histogram (out-of-sample)" table={view.histTable} height={340} mobileHeight={280}>
          {({ width, height, isMobile }) => (
            <BarChart bars={view.hist} width={width} height={height} compact={isMobile} formatTick={(v) => String(v)} />
          )}
        </ChartCard>
      </Box>
      <Card component="section" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} aria-label="Statistics">
        <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, mb: 1 }}>
          Statistics (in-sample)
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Every horizon over the whole history: a description of the past, not a forecast.
        </Typography>
        <StatisticsTable view={view.stats} />
      </Card>
      <Card component="section" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} aria-label="Past Signals">
        <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, mb: 1 }}>
          Past Signals
        </Typography>
        <DataTable
          rows={view.past}
          columns={view.columns}
          pageSize={20}
          getRowKey={(r) => r.date}
          filterable={false}
          ariaLabel="Past signals"
          csvFileName={`${data.ticker}-${data.factor}-${data.timeframe}-signals.csv`}
        />
      </Card>
      <ChartCard
        title="Cumulative Returns (out-of-sample)"
        table={view.cumulativeTable}
        height={380}
        mobileHeight={300}
        note="Signals: each signal held for the period chosen walk-forward at it, from the next bar; flat otherwise."
      >
        {({ width, height, isMobile }) => (
          <TimeSeriesChart
            dates={c.dates}
            series={[
              { id: 'Signals', color: theme.palette.success.main, values: c.signals },
              { id: 'Buy and hold', color: theme.palette.text.secondary, values: c.buy_and_hold },
            ]}
            width={width}
            height={height}
            compact={isMobile}
            formatValue={fmtPct}
          />
        )}
      </ChartCard>
    </>
  );
}
