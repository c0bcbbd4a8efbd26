import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../../../components/charts/axis-ticks.ts';
import { XTick, YGrid } from '../../../components/charts/axes.tsx';
import { plotArea, yScale } from '../../../components/charts/scales.ts';
import { SvgLegendItem, type LegendShape } from '../../../components/charts/svg-legend.tsx';

export interface XyScales {
  x: (v: number) => number;
  y: (v: number) => number;
  plot: { left: number; top: number; width: number; height: number };
}

export interface LegendItem {
  label: string;
  color: string;
  kind: Extract<LegendShape, 'line' | 'dash' | 'band' | 'dot'>;
}

interface XyFrameProps {
  width: number;
  height: number;
  compact: boolean;
  xDomain: readonly [number, number];
  yDomain: readonly [number, number];
  /** Fixed x tick positions and labels (dates); default: round numeric ticks. */
  xTicks?: ReadonlyArray<{ value: number; label: string }>;
  formatX?: (v: number) => string;
  formatY: (v: number) => string;
  xLabel?: string;
  legend?: readonly LegendItem[];
  children: (s: XyScales) => ReactNode;
}

/**
 * Hand-written SVG frame for the ARIMA charts (grid, both axes, legend inside the SVG so a saved
 * image keeps it): six small charts do not justify a chart library on the route.
 */
export function XyFrame({
  width,
  height,
  compact,
  xDomain,
  yDomain,
  xTicks,
  formatX = String,
  formatY,
  xLabel,
  legend = [],
  children,
}: XyFrameProps) {
  const theme = useTheme();
  const margin = {
    top: 10,
    right: compact ? 10 : 20,
    bottom: (xLabel ? 44 : 28) + (legend.length ? 20 : 0),
    left: compact ? 44 : 58,
  };
  const plot = plotArea(width, height, margin);
  const [y0, y1] = yDomain[0] === yDomain[1] ? [yDomain[0] - 1, yDomain[1] + 1] : yDomain;
  // Extend the axis to the round ticks around the data, so the lowest and highest values get a label.
  const nice = niceTicks(y0, y1, compact ? 4 : 6);
  const step = nice.length > 1 ? nice[1]! - nice[0]! : 0;
  const yMin = step ? Math.floor(y0 / step + 1e-9) * step : y0;
  const yMax = step ? Math.ceil(y1 / step - 1e-9) * step : y1;
  const yTicks = step
    ? Array.from({ length: Math.round((yMax - yMin) / step) + 1 }, (_, i) => Number((yMin + i * step).toPrecision(12)))
    : nice;
  const [x0, x1] = xDomain[0] === xDomain[1] ? [xDomain[0] - 1, xDomain[1] + 1] : xDomain;
  const x = (v: number) => plot.left + ((v - x0) / (x1 - x0)) * plot.width;
  const y = yScale(yMin, yMax, plot.top, plot.height);
  const ticksX =
    xTicks ??
    niceTicks(x0, x1, compact ? 4 : 7)
      .filter((t) => t >= x0 && t <= x1)
      .map((t) => ({ value: t, label: formatX(t) }));
  const axisY = plot.top + plot.height;
  const muted = theme.palette.text.secondary;
  return (
    <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={11} role="presentation">
      <YGrid ticks={yTicks} y={y} plot={plot} format={formatY} />
      <line x1={plot.left} x2={plot.left + plot.width} y1={axisY} y2={axisY} stroke={muted} />
      {ticksX.map((t) => (
        <XTick key={t.value} x={x(t.value)} plot={plot}>
          {t.label}
        </XTick>
      ))}
      {xLabel && (
        <text x={plot.left + plot.width / 2} y={axisY + 34} textAnchor="middle" fill={muted}>
          {xLabel}
        </text>
      )}
      {children({ x, y, plot })}
      {legend.map((item, i) => (
        <SvgLegendItem
          key={item.label}
          x={plot.left + i * (compact ? 92 : 130)}
          y={height - 10}
          shape={item.kind}
          color={item.color}
          label={item.label}
          wide
        />
      ))}
    </svg>
  );
}
