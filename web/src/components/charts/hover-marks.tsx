import type { MouseEventHandler } from 'react';
import { useTheme } from '@mui/material/styles';
import type { PlotArea } from './scales.ts';

interface CrosshairProps {
  x: number;
  plot: PlotArea;
  /** A plain colour line instead of the default faint text-colour one (charts whose marks are already busy). */
  stroke?: string;
  dashed?: boolean;
}

/** Vertical line through the hovered x, top to bottom of the plot. */
export function Crosshair({ x, plot, stroke, dashed = false }: CrosshairProps) {
  const { palette } = useTheme();
  return (
    <line
      x1={x}
      x2={x}
      y1={plot.top}
      y2={plot.top + plot.height}
      stroke={stroke ?? palette.text.primary}
      strokeOpacity={stroke ? undefined : 0.4}
      strokeDasharray={dashed ? '3 3' : undefined}
    />
  );
}

/**
 * Transparent rect over the plot that takes the pointer. Drawn last so it sits above the marks,
 * which would otherwise swallow the moves between them.
 */
export function HoverPlane({
  plot,
  onMouseMove,
  onMouseLeave,
}: {
  plot: PlotArea;
  onMouseMove: MouseEventHandler<SVGRectElement>;
  onMouseLeave: () => void;
}) {
  return (
    <rect
      x={plot.left}
      y={plot.top}
      width={plot.width}
      height={plot.height}
      fill="transparent"
      onMouseMove={onMouseMove}
      onMouseLeave={onMouseLeave}
    />
  );
}
