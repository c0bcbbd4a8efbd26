import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { monthLabel, monthStartIndices, niceTicks } from './axis-ticks.ts';

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

function scaleFor(values: ReadonlyArray<number | null>, top: number, plotH: number, count: number, fromZero: boolean): Scale {
  const nums = values.filter((v): v is number => v !== null);
  const lo = nums.length ? Math.min(...nums, ...(fromZero ? [0] : [])) : 0;
  const hi = nums.length ? Math.max(...nums) : 1;
  // A little headroom so the line does not touch the frame when no round tick is near it.
  const pad = hi === lo ? Math.abs(hi) * 0.1 || 1 : (hi - lo) * 0.05;
  const from = fromZero ? lo : lo - pad;
  const ticks = niceTicks(from, hi + pad, count);
  const min = Math.min(from, ticks[0] ?? from);
  const max = Math.max(hi + pad, ticks.at(-1) ?? hi);
  return { ticks, at: (v) => top + (max === min ? plotH / 2 : ((max - v) / (max - min)) * plotH) };
}

/**
 * A daily line against a sparse series on a second y axis (price vs short interest), hand-written
 * SVG like TimeSeriesChart so the route carries no chart library. The legend is inside the SVG so
 * a saved image keeps it; hovering shows the date's value and the latest right-axis observation.
 */
export function DualAxisLineChart({ dates, left, right, width, height, compact }: DualAxisLineChartProps) {
  const theme = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const margin = compact ? { top: 28, right: 44, bottom: 24, left: 44 } : { top: 32, right: 64, bottom: 28, left: 60 };
  const plotW = Math.max(10, width - margin.left - margin.right);
  const plotH = Math.max(10, height - margin.top - margin.bottom);
  const ticks = compact ? 4 : 6;
  const ly = scaleFor(left.values, margin.top, plotH, ticks, false);
  const ry = scaleFor(right.values, margin.top, plotH, ticks, true);
  const x = (i: number) => margin.left + (dates.length > 1 ? (i / (dates.length - 1)) * plotW : plotW / 2);
  const monthStep = Math.max(1, Math.ceil(12 / Math.max(1, Math.floor(plotW / (compact ? 48 : 64)))));
  const xTicks = monthStartIndices(dates, monthStep);

  let leftPath = '';
  let pen = false;
  left.values.forEach((v, i) => {
    if (v === null) {
      pen = false;
      return;
    }
    leftPath += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${ly.at(v).toFixed(1)}`;
    pen = true;
  });
  const points = right.values.flatMap((v, i) => (v === null ? [] : [{ i, v }]));
  const rightPath = points.map((p, k) => `${k ? 'L' : 'M'}${x(p.i).toFixed(1)},${ry.at(p.v).toFixed(1)}`).join('');

  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const ratio = (event.clientX - rect.left) / Math.max(1, rect.width);
    setHover(Math.round(Math.min(1, Math.max(0, ratio)) * (dates.length - 1)));
  };
  const text = theme.palette.text;
  const lastRight = hover === null ? undefined : points.filter((p) => p.i <= hover).at(-1);
  const leftValue = hover === null ? null : (left.values[hover] ?? null);

  return (
    <Box sx={{ position: 'relative', width, height }}>
      <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={11} role="presentation">
        {ly.ticks.map((t) => (
          <g key={`l${t}`}>
            <line x1={margin.left} x2={margin.left + plotW} y1={ly.at(t)} y2={ly.at(t)} stroke={theme.palette.divider} />
            <text x={margin.left - 6} y={ly.at(t)} textAnchor="end" dominantBaseline="central" fill={left.color}>
              {left.formatTick(t)}
            </text>
          </g>
        ))}
        {ry.ticks.map((t) => (
          <text key={`r${t}`} x={margin.left + plotW + 6} y={ry.at(t)} dominantBaseline="central" fill={right.color}>
            {right.formatTick(t)}
          </text>
        ))}
        {xTicks.map((i) => (
          <text key={i} x={x(i)} y={margin.top + plotH + 16} textAnchor="middle" fill={text.secondary}>
            {monthLabel(dates[i] ?? '', compact)}
          </text>
        ))}
        <path d={leftPath} fill="none" stroke={left.color} strokeWidth={compact ? 1.25 : 1.75} strokeLinejoin="round" data-series={left.id} />
        <path d={rightPath} fill="none" stroke={right.color} strokeWidth={compact ? 1.25 : 1.75} strokeLinejoin="round" data-series={right.id} />
        {points.map((p) => (
          <circle key={p.i} cx={x(p.i)} cy={ry.at(p.v)} r={compact ? 2.5 : 3.5} fill={right.color} data-point={right.id} />
        ))}
        {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={margin.top} y2={margin.top + plotH} stroke={text.primary} strokeOpacity={0.4} />}
        {[left, right].map((s, k) => (
          <g key={s.id} transform={`translate(${margin.left + k * Math.min(180, plotW / 2)},${margin.top - 16})`}>
            <line x1={0} x2={14} y1={0} y2={0} stroke={s.color} strokeWidth={2} />
            <text x={20} y={0} dominantBaseline="central" fill={text.primary}>
              {`${s.id} (${k === 0 ? 'left' : 'right'})`}
            </text>
          </g>
        ))}
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
          <Box sx={{ fontWeight: 600, mb: 0.25 }}>{dates[hover]}</Box>
          <Box sx={{ color: left.color }}>
            {left.id}: {leftValue === null ? '-' : left.formatValue(leftValue)}
          </Box>
          <Box sx={{ color: right.color }}>
            {right.id}: {lastRight ? `${right.formatValue(lastRight.v)} (${dates[lastRight.i]})` : '-'}
          </Box>
        </Box>
      )}
    </Box>
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
