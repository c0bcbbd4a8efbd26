import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../../../components/charts/axis-ticks.ts';

export interface XyScales {
  x: (v: number) => number;
  y: (v: number) => number;
  plot: { left: number; top: number; width: number; height: number };
}

export interface LegendItem {
  label: string;
  color: string;
  kind: 'line' | 'dash' | 'band' | 'dot';
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
export function XyFrame({ width, height, compact, xDomain, yDomain, xTicks, formatX = String, formatY, xLabel, legend = [], children }: XyFrameProps) {
  const theme = useTheme();
  const margin = { top: 10, right: compact ? 10 : 20, bottom: (xLabel ? 44 : 28) + (legend.length ? 20 : 0), left: compact ? 44 : 58 };
  const plot = { left: margin.left, top: margin.top, width: Math.max(10, width - margin.left - margin.right), height: Math.max(10, height - margin.top - margin.bottom) };
  const [y0, y1] = yDomain[0] === yDomain[1] ? [yDomain[0] - 1, yDomain[1] + 1] : yDomain;
  // Extend the axis to the round ticks around the data, so the lowest and highest values get a label.
  const nice = niceTicks(y0, y1, compact ? 4 : 6);
  const step = nice.length > 1 ? nice[1]! - nice[0]! : 0;
  const yMin = step ? Math.floor(y0 / step + 1e-9) * step : y0;
  const yMax = step ? Math.ceil(y1 / step - 1e-9) * step : y1;
  const yTicks = step ? Array.from({ length: Math.round((yMax - yMin) / step) + 1 }, (_, i) => Number((yMin + i * step).toPrecision(12))) : nice;
  const [x0, x1] = xDomain[0] === xDomain[1] ? [xDomain[0] - 1, xDomain[1] + 1] : xDomain;
  const x = (v: number) => plot.left + ((v - x0) / (x1 - x0)) * plot.width;
  const y = (v: number) => plot.top + ((yMax - v) / (yMax - yMin || 1)) * plot.height;
  const ticksX = xTicks ?? niceTicks(x0, x1, compact ? 4 : 7).filter((t) => t >= x0 && t <= x1).map((t) => ({ value: t, label: formatX(t) }));
  const axisY = plot.top + plot.height;
  const muted = theme.palette.text.secondary;
  return (
    <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={11} role="presentation">
      {yTicks.map((t) => (
        <g key={t}>
          <line x1={plot.left} x2={plot.left + plot.width} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} />
          <text x={plot.left - 6} y={y(t)} textAnchor="end" dominantBaseline="central" fill={muted}>
            {formatY(t)}
          </text>
        </g>
      ))}
      <line x1={plot.left} x2={plot.left + plot.width} y1={axisY} y2={axisY} stroke={muted} />
      {ticksX.map((t) => (
        <text key={t.value} x={x(t.value)} y={axisY + 16} textAnchor="middle" fill={muted}>
          {t.label}
        </text>
      ))}
      {xLabel && (
        <text x={plot.left + plot.width / 2} y={axisY + 34} textAnchor="middle" fill={muted}>
          {xLabel}
        </text>
      )}
      {children({ x, y, plot })}
      <g transform={`translate(${plot.left},${height - 10})`} fill={theme.palette.text.primary}>
        {legend.map((item, i) => {
          const ox = i * (compact ? 92 : 130);
          return (
            <g key={item.label} transform={`translate(${ox},0)`}>
              {item.kind === 'band' && <rect x={0} y={-5} width={16} height={10} fill={item.color} fillOpacity={0.25} />}
              {item.kind === 'dot' && <circle cx={8} cy={0} r={3.5} fill={item.color} />}
              {(item.kind === 'line' || item.kind === 'dash') && (
                <line x1={0} x2={16} y1={0} y2={0} stroke={item.color} strokeWidth={2} strokeDasharray={item.kind === 'dash' ? '4 3' : undefined} />
              )}
              <text x={22} y={0} dominantBaseline="central">
                {item.label}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
