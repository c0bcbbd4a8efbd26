import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../charts/axis-ticks.ts';
import { RightAxis, XTick, YGrid } from '../charts/axes.tsx';
import { Crosshair, HoverPlane } from '../charts/hover-marks.tsx';
import { linePath, plotArea, pointScale, yScale } from '../charts/scales.ts';
import { SeriesLegend } from '../charts/series-legend.tsx';
import { nearestIndex, useHoverIndex } from '../charts/use-hover-index.ts';
import { ChartCard } from '../charts/chart-card.tsx';
import { ChartTooltip } from '../charts/chart-tooltip.tsx';
import { cumulativeTable, formatPremiumTick, type HistoricalPremiumData } from './flow-chart-data.ts';
import { formatPremium } from './flow-table-logic.ts';
import { ChartSurface } from '../charts/chart-surface.tsx';

interface CumulativeStatsChartProps {
  data: HistoricalPremiumData;
  title?: string;
  note?: ReactNode;
  controls?: ReactNode;
}

interface Line {
  id: string;
  color: string;
  values: readonly number[];
  axis: 'left' | 'right';
}

function scale(values: readonly number[], top: number, plotH: number, count: number) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = hi === lo ? Math.abs(hi) * 0.1 || 1 : (hi - lo) * 0.06;
  const ticks = niceTicks(lo - pad, hi + pad, count).filter((t) => t >= lo - pad && t <= hi + pad);
  return { ticks, at: yScale(lo - pad, hi + pad, top, plotH) };
}

function Plot({
  data,
  lines,
  width,
  height,
  compact,
}: {
  data: HistoricalPremiumData;
  lines: readonly Line[];
  width: number;
  height: number;
  compact: boolean;
}) {
  const n = data.dates.length;
  const { hover, handlers } = useHoverIndex((px, w) => nearestIndex(px, 0, w, n));
  const plot = plotArea(width, height, { top: 10, right: compact ? 40 : 56, bottom: 24, left: compact ? 48 : 60 });
  const x = pointScale(n, plot.left, plot.width);
  const left = scale(
    lines.filter((l) => l.axis === 'left').flatMap((l) => l.values),
    plot.top,
    plot.height,
    compact ? 4 : 6,
  );
  const right = scale(data.prices.length ? data.prices : [0], plot.top, plot.height, compact ? 4 : 6);
  const labelEvery = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plot.width / (compact ? 48 : 64)))));

  const tooltip = hover !== null && (
    <ChartTooltip
      x={x(hover)}
      chartWidth={width}
      top={plot.top}
      title={data.dates[hover] ?? ''}
      rows={lines.map((l) => ({
        label: l.id,
        value: l.axis === 'right' ? (l.values[hover] ?? 0).toFixed(2) : formatPremium(l.values[hover] ?? 0),
      }))}
    />
  );

  return (
    <ChartSurface width={width} height={height} fontSize={compact ? 9 : 11} overlay={tooltip}>
      <YGrid ticks={left.ticks} y={left.at} plot={plot} format={formatPremiumTick} zeroLine />
      <RightAxis ticks={right.ticks} y={right.at} plot={plot} format={(t) => t} />
      {data.dates.map((d, i) =>
        i % labelEvery === 0 ? (
          <XTick key={d} x={x(i)} plot={plot} dy={15}>
            {d.slice(5)}
          </XTick>
        ) : null,
      )}
      {lines.map((l) => (
        <path
          key={l.id}
          d={linePath(l.values, x, (l.axis === 'left' ? left : right).at)}
          fill="none"
          stroke={l.color}
          strokeWidth={compact ? 1.5 : 2}
          strokeDasharray={l.axis === 'right' ? '4 3' : undefined}
          data-line={l.id}
        />
      ))}
      {hover !== null && <Crosshair x={x(hover)} plot={plot} />}
      <HoverPlane plot={plot} {...handlers} />
    </ChartSurface>
  );
}

/** Cumulative net, call and put premiums over days (left axis) with the closing price (right axis). */
export function CumulativeStatsChart({
  data,
  title = 'Cumulative Premiums',
  note,
  controls,
}: CumulativeStatsChartProps) {
  const { palette } = useTheme();
  const lines: Line[] = [
    { id: 'Net', color: palette.primary.main, values: data.cum_net_premiums, axis: 'left' },
    { id: 'Calls', color: palette.success.main, values: data.cum_call_premiums, axis: 'left' },
    { id: 'Puts', color: palette.error.main, values: data.cum_put_premiums, axis: 'left' },
    { id: 'Price', color: palette.text.secondary, values: data.prices, axis: 'right' },
  ];
  const legend = (
    <SeriesLegend
      shape="line"
      items={lines.map((l) => ({
        color: l.color,
        label: l.id === 'Price' ? 'Price (right axis)' : `Cumulative ${l.id.toLowerCase()}`,
      }))}
    />
  );
  return (
    <ChartCard
      title={title}
      table={cumulativeTable(data)}
      height={320}
      mobileHeight={280}
      note={note}
      controls={
        <>
          {controls}
          {legend}
        </>
      }
    >
      {({ width, height, isMobile }) => (
        <Plot data={data} lines={lines} width={width} height={height} compact={isMobile} />
      )}
    </ChartCard>
  );
}
