import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { SPY_TO_VIX_RANGES, type SpyToVixPeriod } from '@tapewatch/shared/params/spy-to-vix';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import type { SpyToVixData } from '../api/get-spy-to-vix-data.ts';
import { cellTable, probabilityCellDetail, probabilityCellTable, toGridRows } from '../utils/reshape.ts';
import { ProbabilityTable } from './probability-table.tsx';
import { RegressionTable } from './regression-table.tsx';
import { SpyVixHeatmap } from './spy-vix-heatmap.tsx';

const gridSx = { display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;
// Tables side by side from 1200 px (the regression's seven short columns fit half the page).
const tablesSx = { ...gridSx, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;

/** How the probability cells are tested and why most are grey (issue 36 item 7). */
function significanceHelp(baseRate: number, fdr: number, days: number): string {
  return `Grey cells do not differ from the base rate (${baseRate.toFixed(1)}% of all ${days}-day forward returns were positive): each cell is tested against it (normal approximation to the binomial) on its effective number of days${days > 1 ? `, fewer than its days because ${days}-day windows overlap` : ''}, and the p-values of every cell of every horizon are corrected for multiple comparisons (Benjamini-Hochberg, ${Math.round(fdr * 100)}% false-discovery rate). Coloured cells survive the correction. Hover a cell (or open the table) for its n, effective n, p and q.`;
}

export function HorizonSection({ data, period, days }: { data: SpyToVixData; period: SpyToVixPeriod; days: number }) {
  const prob = data.spy_to_vix_prob_positive;
  const [dMin, dMax] = SPY_TO_VIX_RANGES.distribution[period];
  const [pMin, pMax] = SPY_TO_VIX_RANGES.probability;
  const view = useMemo(
    () => ({
      prob: toGridRows(prob, period),
      probTable: probabilityCellTable(prob, period, `prob-cells-${period}`),
      probDetail: probabilityCellDetail(prob, period),
      r1: toGridRows(data.spy_to_vix_rounded_1, period),
      r1Table: cellTable(data.spy_to_vix_rounded_1, period, '% of days', `dist1-cells-${period}`),
      r10: toGridRows(data.spy_to_vix_rounded_10, period),
      r10Table: cellTable(data.spy_to_vix_rounded_10, period, '% of days', `dist10-cells-${period}`),
    }),
    [data, prob, period],
  );
  const label = `${days}-Day`;
  const tails = 'The outer rows and columns also hold the days beyond them.';
  return (
    <Box component="section" aria-labelledby={`horizon-${period}`} data-testid={`horizon-${period}`}>
      <Typography id={`horizon-${period}`} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {days} Day{days === 1 ? '' : 's'}
      </Typography>
      <Box sx={{ ...tablesSx, mb: { xs: 2, sm: 3 } }}>
        <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <RegressionTable regression={prob.regression_data[period]} period={period} days={days} />
        </Card>
        <Card variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <ProbabilityTable rows={prob.prob_table[period]} period={period} days={days} />
        </Card>
      </Box>
      <Box sx={gridSx}>
        <ChartCard
          title={`${label} Probability Of SPY Up`}
          table={view.probTable}
          height={560}
          lazy
          mobileHeight={480}
          note={`Rows: SPY ${days}-day change (0.1% steps); columns: VIX ${days}-day change (10% buckets). Cell: % of days whose next ${days}-day SPY return was positive; only cells with at least ${prob.min_count} days. Colours ${pMin}-${pMax}%. ${tails} ${significanceHelp(prob.base_rate[period], prob.fdr, days)}`}
        >
          {({ width, height, isMobile }) => (
            <SpyVixHeatmap
              rows={view.prob}
              width={width}
              height={height}
              min={pMin}
              max={pMax}
              compact={isMobile}
              scale="diverging"
              cellDetail={view.probDetail}
            />
          )}
        </ChartCard>
        <ChartCard
          title={`${label} Distribution (VIX 10%)`}
          table={view.r10Table}
          height={560}
          lazy
          mobileHeight={480}
          note={`Percent of all days in each (VIX change rounded to 10%, SPY change rounded to 0.1%) cell. Colours ${dMin}-${dMax}%. ${tails}`}
        >
          {({ width, height, isMobile }) => (
            <SpyVixHeatmap
              rows={view.r10}
              width={width}
              height={height}
              min={dMin}
              max={dMax}
              compact={isMobile}
              scale="sequential"
            />
          )}
        </ChartCard>
      </Box>
      <Box sx={{ mt: { xs: 2, sm: 3 } }}>
        <ChartCard
          title={`${label} Distribution (VIX 1%)`}
          table={view.r1Table}
          height={560}
          lazy
          mobileHeight={480}
          note={`Percent of all days in each (VIX change rounded to 1%, SPY change rounded to 0.1%) cell. Colours ${dMin}-${dMax}%. ${tails}`}
        >
          {({ width, height, isMobile }) => (
            <SpyVixHeatmap
              rows={view.r1}
              width={width}
              height={height}
              min={dMin}
              max={dMax}
              compact={isMobile}
              scale="sequential"
            />
          )}
        </ChartCard>
      </Box>
    </Box>
  );
}
