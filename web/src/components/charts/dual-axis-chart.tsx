import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { monthLabel, monthStartIndices, niceTicks } from './axis-ticks.ts';

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
export function DualAxisChart({ dates, layers, width, height, compact, formatLeft, formatRight, label, reserveRightAxis = false }: DualAxisChartProps) {
  const theme = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const hasRight = layers.some((l) => l.axis === 'right');
  const margin = { top: label ? 22 : 10, right: hasRight || reserveRightAxis ? (compact ? 44 : 60) : 10, bottom: 22, left: compact ? 44 : 60 };
  const plotW = Math.max(10, width - margin.left - margin.right);
  const plotH = Math.max(10, height - margin.top - margin.bottom);
  const values = (axis: 'left' | 'right') =>
    layers.filter((l) => l.axis === axis).flatMap((l) => l.values.filter((v): v is number => v !== null));
  const barsOnLeft = layers.some((l) => l.axis === 'left' && l.kind === 'bar');
  const [lMin, lMax] = domain(values('left'), barsOnLeft);
  const [rMin, rMax] = domain(values('right'), false);
  const leftTicks = niceTicks(lMin, lMax, compact ? 3 : 5).filter((t) => t >= lMin && t <= lMax);
  const rightTicks = niceTicks(rMin, rMax, compact ? 3 : 5).filter((t) => t >= rMin && t <= rMax);
  const n = dates.length;
  const step = plotW / Math.max(1, n);
  const x = (i: number) => margin.left + (i + 0.5) * step;
  const yOf = (lo: number, hi: number) => (v: number) => margin.top + ((hi - v) / (hi - lo)) * plotH;
  const yl = yOf(lMin, lMax);
  const yr = yOf(rMin, rMax);
  const xTicks = monthStartIndices(dates, Math.max(1, Math.ceil(12 / Math.max(1, Math.floor(plotW / (compact ? 44 : 64))))));
  const text = theme.palette.text;

  const linePath = (layer: ChartLayer) => {
    const y = layer.axis === 'left' ? yl : yr;
    let d = '';
    let pen = false;
    layer.values.forEach((v, i) => {
      if (v === null) return void (pen = false);
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };

  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setHover(Math.min(n - 1, Math.max(0, Math.floor(((event.clientX - rect.left) / Math.max(1, rect.width)) * n))));
  };
  const fmt = (layer: ChartLayer, v: number) => (layer.axis === 'right' && formatRight ? formatRight(v) : formatLeft(v));

  return (
    <Box sx={{ position: 'relative', width, height }}>
      <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={11} role="presentation">
        {leftTicks.map((t) => (
          <g key={`l${t}`}>
            <line x1={margin.left} x2={margin.left + plotW} y1={yl(t)} y2={yl(t)} stroke={theme.palette.divider} />
            <text x={margin.left - 6} y={yl(t)} textAnchor="end" dominantBaseline="central" fill={text.secondary}>
              {formatLeft(t)}
            </text>
          </g>
        ))}
        {hasRight && rightTicks.map((t) => (
          <text key={`r${t}`} x={margin.left + plotW + 6} y={yr(t)} dominantBaseline="central" fill={text.secondary}>
            {formatRight ? formatRight(t) : t}
          </text>
        ))}
        {xTicks.map((i) => (
          <text key={i} x={x(i)} y={margin.top + plotH + 15} textAnchor="middle" fill={text.secondary}>
            {monthLabel(dates[i] ?? '', compact)}
          </text>
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
            <path key={layer.id} d={linePath(layer)} fill="none" stroke={layer.color} strokeWidth={compact ? 1.25 : 1.75} data-layer={layer.id} />
          ))}
        {label && (
          <text x={margin.left} y={12} fill={text.primary} fontWeight={600}>
            {label}
          </text>
        )}
        {layers.map((layer, i) => (
          <g key={layer.id} transform={`translate(${margin.left + plotW - (layers.length - i) * (compact ? 88 : 120)},${label ? 8 : margin.top + 6})`}>
            <rect width={10} height={10} y={-5} rx={2} fill={layer.color} />
            <text x={14} dominantBaseline="central" fill={text.primary}>
              {layer.id}
            </text>
          </g>
        ))}
        {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={margin.top} y2={margin.top + plotH} stroke={text.primary} strokeOpacity={0.4} />}
        <rect x={margin.left} y={margin.top} width={plotW} height={plotH} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
      </svg>
      {hover !== null && (
        <Box
          role="tooltip"
          sx={{
            position: 'absolute',
            top: margin.top,
            ...(x(hover) > width / 2 ? { right: width - x(hover) + 12 } : { left: x(hover) + 12 }),
            pointerEvents: 'none',
            bgcolor: 'background.paper',
            boxShadow: 4,
            borderRadius: 1,
            px: 1,
            py: 0.5,
            fontSize: 12,
            whiteSpace: 'nowrap',
          }}
        >
          <Box sx={{ fontWeight: 600 }}>{dates[hover]}</Box>
          {layers.map((layer) => {
            const v = layer.values[hover] ?? null;
            return (
              <Box key={layer.id} sx={{ display: 'flex', gap: 1.5, justifyContent: 'space-between' }}>
                <span>{layer.id}</span>
                <span>{v === null ? '-' : fmt(layer, v)}</span>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
