import { monthLabel, monthStartIndices } from './axis-ticks.ts';
import { XTick, YGrid } from './axes.tsx';
import { SeriesTooltip } from './chart-tooltip.tsx';
import { Crosshair, HoverPlane } from './hover-marks.tsx';
import { linePath, niceDomain, plotArea, pointScale, yScale } from './scales.ts';
import { SvgLegendItem } from './svg-legend.tsx';
import { nearestIndex, useHoverIndex } from './use-hover-index.ts';
import { ChartSurface } from './chart-surface.tsx';

export interface TimeSeries {
  id: string;
  color: string;
  /** One value per date of the chart's index; null leaves a gap. */
  values: ReadonlyArray<number | null>;
}

interface TimeSeriesChartProps {
  dates: readonly string[];
  series: readonly TimeSeries[];
  width: number;
  height: number;
  compact: boolean;
  formatValue: (value: number) => string;
  /** Short legend labels (narrow screens). */
  legendLabel?: (id: string) => string;
  /** Y-axis tick labels; default `${v}%` (the returns charts). */
  formatTick?: (value: number) => string;
  /** Extra tooltip text for one series at one date (e.g. the strike behind a value). */
  tooltipNote?: (id: string, index: number) => string | undefined;
}

const monthsBetween = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

/**
 * Multi-series line chart over daily dates, hand-written SVG: it replaces @nivo/line, which with
 * its voronoi mesh and time scale costs ~20 kB gzip on the route. Legend is part of the SVG so
 * the saved image keeps it; hovering shows every series' value at that date.
 */
export function TimeSeriesChart({
  dates,
  series,
  width,
  height,
  compact,
  formatValue,
  legendLabel,
  formatTick,
  tooltipNote,
}: TimeSeriesChartProps) {
  const { hover, handlers } = useHoverIndex((px, w) => nearestIndex(px, 0, w, dates.length));
  const legendRows = compact ? Math.ceil(series.length / 2) : 0;
  const margin = compact
    ? { top: 8, right: 8, bottom: 24 + legendRows * 16 + 8, left: 40 }
    : { top: 12, right: 190, bottom: 28, left: 52 };
  const plot = plotArea(width, height, margin);

  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const { ticks: yTicks, min: yMin, max: yMax } = niceDomain(Math.min(0, ...all), Math.max(0, ...all), compact ? 4 : 6);
  const x = pointScale(dates.length, plot.left, plot.width);
  const y = yScale(yMin, yMax, plot.top, plot.height);
  // Months spanned (at least 12, as before): multi-year series get sparser ticks with the year shown.
  const spanMonths = dates.length > 1 ? monthsBetween(dates[0]!, dates.at(-1)!) : 0;
  const longSpan = spanMonths > 12;
  const monthStep = Math.max(
    1,
    Math.ceil(Math.max(12, spanMonths) / Math.max(1, Math.floor(plot.width / (compact ? 48 : 64)))),
  );
  const xTicks = monthStartIndices(dates, monthStep);

  const hovered =
    hover === null
      ? []
      : series
          .map((s) => ({ id: s.id, color: s.color, value: s.values[hover] ?? null }))
          .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));

  const tooltip = hover !== null && (
    <SeriesTooltip
      x={x(hover)}
      chartWidth={width}
      top={plot.top}
      title={dates[hover] ?? ''}
      swatch="dot"
      items={hovered.map((h) => ({
        id: h.id,
        label: h.id,
        color: h.color,
        value: h.value === null ? '-' : formatValue(h.value),
        note: tooltipNote?.(h.id, hover),
      }))}
    />
  );

  return (
    <ChartSurface width={width} height={height} overlay={tooltip}>
      <YGrid ticks={yTicks} y={y} plot={plot} format={formatTick ?? ((t) => `${t}%`)} zeroLine />
      {xTicks.map((i) => (
        <XTick key={i} x={x(i)} plot={plot}>
          {monthLabel(dates[i] ?? '', compact && !longSpan)}
        </XTick>
      ))}
      {series.map((s) => (
        <path
          key={s.id}
          d={linePath(s.values, x, y)}
          fill="none"
          stroke={s.color}
          strokeWidth={compact ? 1.25 : 1.75}
          strokeLinejoin="round"
        />
      ))}
      {hover !== null && <Crosshair x={x(hover)} plot={plot} />}
      {series.map((s, i) => (
        <SvgLegendItem
          key={s.id}
          x={compact ? plot.left - 32 + (i % 2) * (width / 2) : plot.left + plot.width + 16}
          y={compact ? plot.top + plot.height + 36 + Math.floor(i / 2) * 16 : plot.top + 8 + i * 20}
          shape="dot"
          color={s.color}
          label={legendLabel ? legendLabel(s.id) : s.id}
        />
      ))}
      <HoverPlane plot={plot} {...handlers} />
    </ChartSurface>
  );
}
