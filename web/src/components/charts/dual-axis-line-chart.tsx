import Box from '@mui/material/Box';
import { monthLabel, monthStartIndices } from './axis-ticks.ts';
import { RightAxis, XTick, YGrid } from './axes.tsx';
import { TooltipBox } from './chart-tooltip.tsx';
import { Crosshair, HoverPlane } from './hover-marks.tsx';
import { linePath, niceDomain, plotArea, pointScale, yScale } from './scales.ts';
import { SvgLegendItem } from './svg-legend.tsx';
import { nearestIndex, useHoverIndex } from './use-hover-index.ts';
import { ChartSurface } from './chart-surface.tsx';

export interface AxisSeries {
  id: string;
  color: string;
  /** One value per date; null is a gap (left) or "no observation on this date" (right). */
  values: ReadonlyArray<number | null>;
  formatTick: (value: number) => string;
  formatValue: (value: number) => string;
}

interface DualAxisLineChartProps {
  dates: readonly string[];
  /** Daily series on the left axis, drawn as a line with gaps. */
  left: AxisSeries;
  /** Sparse observations on the right axis (e.g. twice-monthly settlements), joined and marked with dots. */
  right: AxisSeries;
  width: number;
  height: number;
  compact: boolean;
}

interface Scale {
  ticks: number[];
  at: (v: number) => number;
}

function scaleFor(
  values: ReadonlyArray<number | null>,
  top: number,
  plotH: number,
  count: number,
  fromZero: boolean,
): Scale {
  const nums = values.filter((v): v is number => v !== null);
  const lo = nums.length ? Math.min(...nums, ...(fromZero ? [0] : [])) : 0;
  const hi = nums.length ? Math.max(...nums) : 1;
  // A little headroom so the line does not touch the frame when no round tick is near it.
  const pad = hi === lo ? Math.abs(hi) * 0.1 || 1 : (hi - lo) * 0.05;
  const from = fromZero ? lo : lo - pad;
  const { ticks, min, max } = niceDomain(from, hi + pad, count);
  return { ticks, at: yScale(min, max, top, plotH) };
}

/**
 * A daily line against a sparse series on a second y axis (price vs short interest), hand-written
 * SVG like TimeSeriesChart so the route carries no chart library. The legend is inside the SVG so
 * a saved image keeps it; hovering shows the date's value and the latest right-axis observation.
 */
export function DualAxisLineChart({ dates, left, right, width, height, compact }: DualAxisLineChartProps) {
  const { hover, handlers } = useHoverIndex((px, w) => nearestIndex(px, 0, w, dates.length));
  const margin = compact ? { top: 28, right: 44, bottom: 24, left: 44 } : { top: 32, right: 64, bottom: 28, left: 60 };
  const plot = plotArea(width, height, margin);
  const ticks = compact ? 4 : 6;
  const ly = scaleFor(left.values, plot.top, plot.height, ticks, false);
  const ry = scaleFor(right.values, plot.top, plot.height, ticks, true);
  const x = pointScale(dates.length, plot.left, plot.width);
  const monthStep = Math.max(1, Math.ceil(12 / Math.max(1, Math.floor(plot.width / (compact ? 48 : 64)))));
  const xTicks = monthStartIndices(dates, monthStep);

  const points = right.values.flatMap((v, i) => (v === null ? [] : [{ i, v }]));
  const rightPath = points.map((p, k) => `${k ? 'L' : 'M'}${x(p.i).toFixed(1)},${ry.at(p.v).toFixed(1)}`).join('');
  const lastRight = hover === null ? undefined : points.filter((p) => p.i <= hover).at(-1);
  const leftValue = hover === null ? null : (left.values[hover] ?? null);

  const tooltip = hover !== null && (
    <TooltipBox x={x(hover)} chartWidth={width} top={plot.top} title={dates[hover]} titleGap>
      <Box sx={{ color: left.color }}>
        {left.id}: {leftValue === null ? '-' : left.formatValue(leftValue)}
      </Box>
      <Box sx={{ color: right.color }}>
        {right.id}: {lastRight ? `${right.formatValue(lastRight.v)} (${dates[lastRight.i]})` : '-'}
      </Box>
    </TooltipBox>
  );

  return (
    <ChartSurface width={width} height={height} overlay={tooltip}>
      <YGrid ticks={ly.ticks} y={ly.at} plot={plot} format={left.formatTick} fill={left.color} />
      <RightAxis ticks={ry.ticks} y={ry.at} plot={plot} format={right.formatTick} fill={right.color} />
      {xTicks.map((i) => (
        <XTick key={i} x={x(i)} plot={plot}>
          {monthLabel(dates[i] ?? '', compact)}
        </XTick>
      ))}
      <path
        d={linePath(left.values, x, ly.at)}
        fill="none"
        stroke={left.color}
        strokeWidth={compact ? 1.25 : 1.75}
        strokeLinejoin="round"
        data-series={left.id}
      />
      <path
        d={rightPath}
        fill="none"
        stroke={right.color}
        strokeWidth={compact ? 1.25 : 1.75}
        strokeLinejoin="round"
        data-series={right.id}
      />
      {points.map((p) => (
        <circle
          key={p.i}
          cx={x(p.i)}
          cy={ry.at(p.v)}
          r={compact ? 2.5 : 3.5}
          fill={right.color}
          data-point={right.id}
        />
      ))}
      {hover !== null && <Crosshair x={x(hover)} plot={plot} />}
      {[left, right].map((s, k) => (
        <SvgLegendItem
          key={s.id}
          x={plot.left + k * Math.min(180, plot.width / 2)}
          y={plot.top - 16}
          shape="line"
          color={s.color}
          label={`${s.id} (${k === 0 ? 'left' : 'right'})`}
        />
      ))}
      <HoverPlane plot={plot} {...handlers} />
    </ChartSurface>
  );
}

/** 1_234_000 -> "1.23M", 950 -> "950": short axis labels for share counts. */
export function abbreviateNumber(value: number): string {
  const abs = Math.abs(value);
  const [div, suffix] = abs >= 1e9 ? [1e9, 'B'] : abs >= 1e6 ? [1e6, 'M'] : abs >= 1e3 ? [1e3, 'K'] : [1, ''];
  const scaled = value / div;
  const decimals = div === 1 || Math.abs(scaled) >= 100 ? 0 : Math.abs(scaled) >= 10 ? 1 : 2;
  return `${Number(scaled.toFixed(decimals))}${suffix}`;
}
