import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { YGrid } from '../../../components/charts/axes.tsx';
import { niceDomain, plotArea, yScale, type Margin } from '../../../components/charts/scales.ts';

export interface Scales {
  y: (v: number) => number;
  plot: { left: number; top: number; width: number; height: number };
}

interface PlotFrameProps {
  width: number;
  height: number;
  margin: Margin;
  /** Data range; the axis extends to round ticks and always includes zero when `withZero`. */
  lo: number;
  hi: number;
  withZero?: boolean;
  formatTick: (v: number) => string;
  ticks?: number;
  children: (s: Scales) => ReactNode;
}

/**
 * The shared frame of the small hand-written SVG charts on the clusters screens (y grid and
 * labels; the caller draws the x axis), so they cost no chart library on the route.
 */
export function PlotFrame({
  width,
  height,
  margin,
  lo,
  hi,
  withZero = false,
  formatTick,
  ticks = 5,
  children,
}: PlotFrameProps) {
  const theme = useTheme();
  const l = withZero ? Math.min(0, lo) : lo;
  const h = withZero ? Math.max(0, hi) : hi;
  const pad = l === h ? Math.abs(l) * 0.05 || 1 : 0;
  const { ticks: yTicks, min: yMin, max: yMax } = niceDomain(l - pad, h + pad, ticks);
  const plot = plotArea(width, height, margin);
  const y = yScale(yMin, yMax, plot.top, plot.height);
  return (
    <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={11} role="presentation">
      <YGrid ticks={yTicks} y={y} plot={plot} format={formatTick} zeroLine={withZero} />
      {children({ y, plot })}
    </svg>
  );
}
