import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { monthLabel, monthStartIndices, niceTicks } from './axis-ticks.ts';

export interface TimeSeries {
  id: string;
  color: string;
  /** One value per date of the chart's index; null leaves a gap. */
  values: ReadonlyArray<number | null>;
}

interface TimeSeriesChartProps {
  dates: readonly string[];
  series: readonly TimeSeries[];
  width: number;
  height: number;
  compact: boolean;
  formatValue: (value: number) => string;
  /** Short legend labels (narrow screens). */
  legendLabel?: (id: string) => string;
  /** Y-axis tick labels; default `${v}%` (the returns charts). */
  formatTick?: (value: number) => string;
  /** Extra tooltip text for one series at one date (e.g. the strike behind a value). */
  tooltipNote?: (id: string, index: number) => string | undefined;
}

const monthsBetween = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

/**
 * Multi-series line chart over daily dates, hand-written SVG: it replaces @nivo/line, which with
 * its voronoi mesh and time scale costs ~20 kB gzip on the route. Legend is part of the SVG so
 * the saved image keeps it; hovering shows every series' value at that date.
 */
export function TimeSeriesChart({ dates, series, width, height, compact, formatValue, legendLabel, formatTick, tooltipNote }: TimeSeriesChartProps) {
  const theme = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const legendRows = compact ? Math.ceil(series.length / 2) : 0;
  const margin = compact
    ? { top: 8, right: 8, bottom: 24 + legendRows * 16 + 8, left: 40 }
    : { top: 12, right: 190, bottom: 28, left: 52 };
  const plotW = Math.max(10, width - margin.left - margin.right);
  const plotH = Math.max(10, height - margin.top - margin.bottom);

  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all);
  const yTicks = niceTicks(lo, hi, compact ? 4 : 6);
  const yMin = Math.min(lo, yTicks[0] ?? lo);
  const yMax = Math.max(hi, yTicks.at(-1) ?? hi);
  const x = (i: number) => margin.left + (dates.length > 1 ? (i / (dates.length - 1)) * plotW : plotW / 2);
  const y = (v: number) => margin.top + (yMax === yMin ? plotH / 2 : ((yMax - v) / (yMax - yMin)) * plotH);
  // Months spanned (at least 12, as before): multi-year series get sparser ticks with the year shown.
  const spanMonths = dates.length > 1 ? monthsBetween(dates[0]!, dates.at(-1)!) : 0;
  const longSpan = spanMonths > 12;
  const monthStep = Math.max(1, Math.ceil(Math.max(12, spanMonths) / Math.max(1, Math.floor(plotW / (compact ? 48 : 64)))));
  const xTicks = monthStartIndices(dates, monthStep);

  const path = (values: TimeSeries['values']) => {
    let d = '';
    let pen = false;
    values.forEach((v, i) => {
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };

  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const ratio = (event.clientX - rect.left) / Math.max(1, rect.width);
    setHover(Math.round(Math.min(1, Math.max(0, ratio)) * (dates.length - 1)));
  };

  const text = theme.palette.text;
  const hovered =
    hover === null
      ? []
      : series
          .map((s) => ({ id: s.id, color: s.color, value: s.values[hover] ?? null }))
          .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));
  const tooltipLeft = hover !== null && x(hover) > width / 2;

  return (
    <Box sx={{ position: 'relative', width, height }}>
      <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={11} role="presentation">
        {yTicks.map((t) => (
          <g key={t}>
            <line x1={margin.left} x2={margin.left + plotW} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} strokeWidth={t === 0 ? 1.5 : 1} />
            <text x={margin.left - 6} y={y(t)} textAnchor="end" dominantBaseline="central" fill={text.secondary}>
              {formatTick ? formatTick(t) : `${t}%`}
            </text>
          </g>
        ))}
        {xTicks.map((i) => (
          <text key={i} x={x(i)} y={margin.top + plotH + 16} textAnchor="middle" fill={text.secondary}>
            {monthLabel(dates[i] ?? '', compact && !longSpan)}
          </text>
        ))}
        {series.map((s) => (
          <path key={s.id} d={path(s.values)} fill="none" stroke={s.color} strokeWidth={compact ? 1.25 : 1.75} strokeLinejoin="round" />
        ))}
        {hover !== null && (
          <line x1={x(hover)} x2={x(hover)} y1={margin.top} y2={margin.top + plotH} stroke={text.primary} strokeOpacity={0.4} />
        )}
        {series.map((s, i) => {
          const lx = compact ? margin.left - 32 + (i % 2) * (width / 2) : margin.left + plotW + 16;
          const ly = compact ? margin.top + plotH + 36 + Math.floor(i / 2) * 16 : margin.top + 8 + i * 20;
          return (
            <g key={s.id} transform={`translate(${lx},${ly})`}>
              <circle r={4} cx={4} cy={0} fill={s.color} />
              <text x={14} y={0} dominantBaseline="central" fill={text.primary}>
                {legendLabel ? legendLabel(s.id) : s.id}
              </text>
            </g>
          );
        })}
        <rect
          x={margin.left}
          y={margin.top}
          width={plotW}
          height={plotH}
          fill="transparent"
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
        />
      </svg>
      {hover !== null && (
        <Box
          role="tooltip"
          sx={{
            position: 'absolute',
            top: margin.top,
            ...(tooltipLeft ? { right: width - x(hover) + 12 } : { left: x(hover) + 12 }),
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
          {hovered.map((h) => (
            <Box key={h.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: h.color }} />
              <Box sx={{ flex: 1 }}>{h.id}</Box>
              <Box sx={{ ml: 1.5, fontVariantNumeric: 'tabular-nums' }}>{h.value === null ? '-' : formatValue(h.value)}</Box>
              {tooltipNote && hover !== null && tooltipNote(h.id, hover) && (
                <Box sx={{ ml: 1, color: 'text.secondary' }}>{tooltipNote(h.id, hover)}</Box>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
