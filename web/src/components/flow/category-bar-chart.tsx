import Box from '@mui/material/Box';
import { niceTicks } from '../charts/axis-ticks.ts';
import { YGrid } from '../charts/axes.tsx';
import { HoverPlane } from '../charts/hover-marks.tsx';
import { bandScale, plotArea } from '../charts/scales.ts';
import { slotIndex, useHoverIndex } from '../charts/use-hover-index.ts';
import { categoryLabels, CategoryTick } from './category-axis.tsx';
import { ChartTooltip } from '../charts/chart-tooltip.tsx';
import { ChartSurface } from '../charts/chart-surface.tsx';

export interface BarSeries {
  id: string;
  color: string;
  /** One value per category; blank categories carry 0. */
  values: readonly number[];
}

export interface CategoryBarChartProps {
  categories: readonly string[];
  series: readonly BarSeries[];
  width: number;
  height: number;
  compact: boolean;
  formatValue: (value: number) => string;
  /** Y-axis labels; defaults to formatValue. */
  formatTick?: (value: number) => string;
  /** Extra tooltip lines for a category (e.g. the sizes behind the premiums). */
  details?: (index: number) => readonly string[];
  /** A category whose label is emphasised (a ticker the page highlights). */
  highlight?: string | null;
}

/**
 * Grouped vertical bars over text categories (tickers, strikes), hand-written SVG: @nivo/bar would
 * add ~50 kB gzip to the landing page. Labels turn 90 degrees when the bars get narrow; blank
 * categories (padding) keep their slot but draw nothing.
 */
export function CategoryBarChart({
  categories,
  series,
  width,
  height,
  compact,
  formatValue,
  formatTick = formatValue,
  details,
  highlight = null,
}: CategoryBarChartProps) {
  const n = Math.max(1, categories.length);
  // Blank (padding) categories keep their slot but show no tooltip.
  const { hover, handlers } = useHoverIndex((px, w) => {
    const i = slotIndex(px, 0, w, n);
    return categories[i] ? i : null;
  });
  const longest = categories.reduce((m, c) => Math.max(m, c.length), 0);
  const left = compact ? 44 : 56;
  const { rotate, depth, every: labelEvery } = categoryLabels(longest, n, width - left - 8);
  const margin = { top: 10, right: 8, bottom: depth, left };
  const plot = plotArea(width, height, margin);
  const plotH = plot.height;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(0, max || 1, compact ? 3 : 5);
  const top = Math.max(max, ticks.at(-1) ?? 1) || 1;
  const y = (v: number) => margin.top + ((top - v) / top) * plotH;
  const { step, at: cx } = bandScale(n, plot.left, plot.width);
  const barW = Math.max(1, (step * 0.8) / Math.max(1, series.length));

  const tooltip = hover !== null && (
    <ChartTooltip
      x={cx(hover)}
      chartWidth={width}
      top={margin.top}
      title={categories[hover] ?? ''}
      rows={series.map((s) => ({ label: s.id, value: formatValue(s.values[hover] ?? 0) }))}
      extra={details?.(hover).map((d) => <Box key={d}>{d}</Box>)}
    />
  );

  return (
    <ChartSurface width={width} height={height} fontSize={compact ? 9 : 11} overlay={tooltip}>
      <YGrid ticks={ticks} y={y} plot={plot} format={formatTick} />
      {categories.map((c, i) => (
        <g
          key={`${c}-${i}`}
          data-category={c || undefined}
          data-highlighted={(c !== '' && c === highlight) || undefined}
        >
          {series.map((s, j) => {
            const v = s.values[i] ?? 0;
            if (v <= 0) return null;
            const x0 = cx(i) - (barW * series.length) / 2 + j * barW;
            return (
              <rect
                key={s.id}
                x={x0}
                y={y(v)}
                width={Math.max(1, barW - 1)}
                height={Math.max(0.5, y(0) - y(v))}
                fill={s.color}
                fillOpacity={hover === i ? 1 : 0.85}
              />
            );
          })}
          {c && i % labelEvery === 0 && (
            <CategoryTick x={cx(i)} y={margin.top + plotH} rotate={rotate} label={c} emphasized={c === highlight} />
          )}
        </g>
      ))}
      <HoverPlane plot={plot} {...handlers} />
    </ChartSurface>
  );
}
