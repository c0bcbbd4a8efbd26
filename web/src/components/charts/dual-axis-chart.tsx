import { useTheme } from '@mui/material/styles';
import { monthLabel, monthStartIndices, niceTicks } from './axis-ticks.ts';
import { RightAxis, XTick, YGrid } from './axes.tsx';
import { ChartTooltip } from './chart-tooltip.tsx';
import { Crosshair, HoverPlane } from './hover-marks.tsx';
import { bandScale, linePath, plotArea, yScale } from './scales.ts';
import { SvgLegendItem } from './svg-legend.tsx';
import { slotIndex, useHoverIndex } from './use-hover-index.ts';
import { ChartSurface } from './chart-surface.tsx';

export interface ChartLayer {
  id: string;
  kind: 'bar' | 'line';
  /** One value per date; null leaves a gap. */
  values: ReadonlyArray<number | null>;
  color: string;
  /** Bars below zero (e.g. net selling) in this colour. */
  negativeColor?: string;
  axis: 'left' | 'right';
}

interface DualAxisChartProps {
  dates: readonly string[];
  layers: readonly ChartLayer[];
  width: number;
  height: number;
  compact: boolean;
  formatLeft: (value: number) => string;
  formatRight?: (value: number) => string;
  /** Panel label drawn in the plot's top-left corner (part of the saved image). */
  label?: string;
  /** Keep the right axis' width without drawing it, so stacked panels share one x scale. */
  reserveRightAxis?: boolean;
}

function domain(values: number[], includeZero: boolean): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  if (includeZero) {
    lo = Math.min(0, lo);
    hi = Math.max(0, hi);
  }
  if (lo === hi) return [lo - 1, hi + 1];
  const pad = includeZero ? 0 : (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}

/**
 * Bars and lines over daily dates on a left and an optional right axis, hand-written SVG (nivo's
 * bar + line would add ~80 kB gzip to the route). Bars share the left axis and always include 0.
 */
export function DualAxisChart({
  dates,
  layers,
  width,
  height,
  compact,
  formatLeft,
  formatRight,
  label,
  reserveRightAxis = false,
}: DualAxisChartProps) {
  const theme = useTheme();
  const n = dates.length;
  const { hover, handlers } = useHoverIndex((px, w) => slotIndex(px, 0, w, n));
  const hasRight = layers.some((l) => l.axis === 'right');
  const margin = {
    top: label ? 22 : 10,
    right: hasRight || reserveRightAxis ? (compact ? 44 : 60) : 10,
    bottom: 22,
    left: compact ? 44 : 60,
  };
  const plot = plotArea(width, height, margin);
  const values = (axis: 'left' | 'right') =>
    layers.filter((l) => l.axis === axis).flatMap((l) => l.values.filter((v): v is number => v !== null));
  const barsOnLeft = layers.some((l) => l.axis === 'left' && l.kind === 'bar');
  const [lMin, lMax] = domain(values('left'), barsOnLeft);
  const [rMin, rMax] = domain(values('right'), false);
  const leftTicks = niceTicks(lMin, lMax, compact ? 3 : 5).filter((t) => t >= lMin && t <= lMax);
  const rightTicks = niceTicks(rMin, rMax, compact ? 3 : 5).filter((t) => t >= rMin && t <= rMax);
  const { step, at: x } = bandScale(n, plot.left, plot.width);
  const yl = yScale(lMin, lMax, plot.top, plot.height);
  const yr = yScale(rMin, rMax, plot.top, plot.height);
  const xTicks = monthStartIndices(
    dates,
    Math.max(1, Math.ceil(12 / Math.max(1, Math.floor(plot.width / (compact ? 44 : 64))))),
  );
  const fmt = (layer: ChartLayer, v: number) =>
    layer.axis === 'right' && formatRight ? formatRight(v) : formatLeft(v);

  const tooltip = hover !== null && (
    <ChartTooltip
      x={x(hover)}
      chartWidth={width}
      top={plot.top}
      title={dates[hover] ?? ''}
      rows={layers.map((layer) => {
        const v = layer.values[hover] ?? null;
        return { label: layer.id, value: v === null ? '-' : fmt(layer, v) };
      })}
    />
  );

  return (
    <ChartSurface width={width} height={height} overlay={tooltip}>
      <YGrid ticks={leftTicks} y={yl} plot={plot} format={formatLeft} />
      {hasRight && <RightAxis ticks={rightTicks} y={yr} plot={plot} format={formatRight ?? ((t) => t)} />}
      {xTicks.map((i) => (
        <XTick key={i} x={x(i)} plot={plot} dy={15}>
          {monthLabel(dates[i] ?? '', compact)}
        </XTick>
      ))}
      {layers
        .filter((l) => l.kind === 'bar')
        .map((layer) => (
          <g key={layer.id} data-layer={layer.id}>
            {layer.values.map((v, i) =>
              v === null ? null : (
                <rect
                  key={i}
                  x={x(i) - Math.max(0.5, step * 0.4)}
                  width={Math.max(1, step * 0.8)}
                  y={Math.min(yl(v), yl(0))}
                  height={Math.max(0.5, Math.abs(yl(v) - yl(0)))}
                  fill={v < 0 && layer.negativeColor ? layer.negativeColor : layer.color}
                  fillOpacity={0.75}
                />
              ),
            )}
          </g>
        ))}
      {layers
        .filter((l) => l.kind === 'line')
        .map((layer) => (
          <path
            key={layer.id}
            d={linePath(layer.values, x, layer.axis === 'left' ? yl : yr)}
            fill="none"
            stroke={layer.color}
            strokeWidth={compact ? 1.25 : 1.75}
            data-layer={layer.id}
          />
        ))}
      {label && (
        <text x={plot.left} y={12} fill={theme.palette.text.primary} fontWeight={600}>
          {label}
        </text>
      )}
      {layers.map((layer, i) => (
        <SvgLegendItem
          key={layer.id}
          x={plot.left + plot.width - (layers.length - i) * (compact ? 88 : 120)}
          y={label ? 8 : plot.top + 6}
          shape="box"
          color={layer.color}
          label={layer.id}
        />
      ))}
      {hover !== null && <Crosshair x={x(hover)} plot={plot} />}
      <HoverPlane plot={plot} {...handlers} />
    </ChartSurface>
  );
}
