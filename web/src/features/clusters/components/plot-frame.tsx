import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../../../components/charts/axis-ticks.ts';

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

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
export function PlotFrame({ width, height, margin, lo, hi, withZero = false, formatTick, ticks = 5, children }: PlotFrameProps) {
  const theme = useTheme();
  const l = withZero ? Math.min(0, lo) : lo;
  const h = withZero ? Math.max(0, hi) : hi;
  const pad = l === h ? Math.abs(l) * 0.05 || 1 : 0;
  const yTicks = niceTicks(l - pad, h + pad, ticks);
  const yMin = Math.min(l - pad, yTicks[0] ?? l);
  const yMax = Math.max(h + pad, yTicks.at(-1) ?? h);
  const plot = { left: margin.left, top: margin.top, width: Math.max(10, width - margin.left - margin.right), height: Math.max(10, height - margin.top - margin.bottom) };
  const y = (v: number) => plot.top + ((yMax - v) / (yMax - yMin || 1)) * plot.height;
  return (
    <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={11} role="presentation">
      {yTicks.map((t) => (
        <g key={t}>
          <line x1={plot.left} x2={plot.left + plot.width} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} strokeWidth={t === 0 && withZero ? 1.5 : 1} />
          <text x={plot.left - 6} y={y(t)} textAnchor="end" dominantBaseline="central" fill={theme.palette.text.secondary}>
            {formatTick(t)}
          </text>
        </g>
      ))}
      {children({ y, plot })}
    </svg>
  );
}
