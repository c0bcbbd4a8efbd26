import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import type { PlotArea } from './scales.ts';

interface YGridProps {
  ticks: readonly number[];
  y: (v: number) => number;
  plot: PlotArea;
  format: (v: number) => ReactNode;
  /** Label colour (a series' colour on a two-axis chart); default secondary text. */
  fill?: string;
  /** Draw the 0 line heavier: it is the baseline of signed values. */
  zeroLine?: boolean;
}

/** Horizontal grid lines across the plot with their labels on the left axis. */
export function YGrid({ ticks, y, plot, format, fill, zeroLine = false }: YGridProps) {
  const { palette } = useTheme();
  return ticks.map((t) => (
    <g key={`l${t}`}>
      <line
        x1={plot.left}
        x2={plot.left + plot.width}
        y1={y(t)}
        y2={y(t)}
        stroke={palette.divider}
        strokeWidth={zeroLine ? (t === 0 ? 1.5 : 1) : undefined}
      />
      <text
        x={plot.left - 6}
        y={y(t)}
        textAnchor="end"
        dominantBaseline="central"
        fill={fill ?? palette.text.secondary}
      >
        {format(t)}
      </text>
    </g>
  ));
}

/** Labels of a second y axis on the right of the plot (no grid: the left axis draws it). */
export function RightAxis({ ticks, y, plot, format, fill }: Omit<YGridProps, 'zeroLine'>) {
  const { palette } = useTheme();
  return ticks.map((t) => (
    <text
      key={`r${t}`}
      x={plot.left + plot.width + 6}
      y={y(t)}
      dominantBaseline="central"
      fill={fill ?? palette.text.secondary}
    >
      {format(t)}
    </text>
  ));
}

/** One label under the plot, centred on `x`; `dy` below the plot's bottom edge. */
export function XTick({ x, plot, dy = 16, children }: { x: number; plot: PlotArea; dy?: number; children: ReactNode }) {
  const { palette } = useTheme();
  return (
    <text x={x} y={plot.top + plot.height + dy} textAnchor="middle" fill={palette.text.secondary}>
      {children}
    </text>
  );
}
