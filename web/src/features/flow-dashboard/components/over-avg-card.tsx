import { useTheme } from '@mui/material/styles';
import type { MaxChange } from '@tapewatch/shared/schemas/flow-dashboard';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { SeriesLegend } from '../../../components/charts/series-legend.tsx';
import { CategoryBarChart } from '../../../components/flow/category-bar-chart.tsx';
import { formatPremiumTick } from '../../../components/flow/flow-chart-data.ts';
import { formatMeasure, overAvgTable, ratioText, type OverAvgMeasure } from '../utils/dashboard-view.ts';

interface OverAvgCardProps {
  title: string;
  data: MaxChange;
  side: 'calls' | 'puts';
  measure: OverAvgMeasure;
  /** The days the average is taken over, in words. */
  averageOver: string;
  highlight: string | null;
  testId: string;
}

const compactVolume = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** The tickers furthest above their 20-day average: today's bar beside a paler average bar. */
export function OverAvgCard({ title, data, side, measure, averageOver, highlight, testId }: OverAvgCardProps) {
  const { palette } = useTheme();
  const base = side === 'calls' ? palette.success.main : palette.error.main;
  const format = formatMeasure(measure);
  const empty = data.tickers.length === 0;
  const series = [
    { id: 'Today', color: base, values: data.current },
    // The same hue, paler: the average is the baseline of the same side.
    {
      id: '20-day average',
      color: `color-mix(in srgb, ${base} 40%, ${palette.background.paper})`,
      values: data.average,
    },
  ];
  return (
    <ChartCard
      title={title}
      table={overAvgTable(data, measure, testId)}
      height={empty ? 0 : 280}
      mobileHeight={empty ? 0 : 240}
      controls={!empty && <SeriesLegend items={series.map((s) => ({ label: s.id, color: s.color }))} />}
      note={
        data.tickers.length === 0
          ? 'No ticker has enough flow history to compare yet.'
          : `Today against the mean of ${averageOver}; days without flow count as zero.`
      }
    >
      {({ width, height, isMobile }) => (
        <CategoryBarChart
          categories={data.tickers}
          series={series}
          width={width}
          height={height}
          compact={isMobile}
          formatValue={format}
          formatTick={measure === 'premiums' ? formatPremiumTick : (v) => compactVolume.format(v)}
          details={(i) => [`Ratio ${ratioText(data.current[i] ?? 0, data.average[i] ?? 0)}`]}
          highlight={highlight}
        />
      )}
    </ChartCard>
  );
}
