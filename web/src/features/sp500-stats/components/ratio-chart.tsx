import { useState, type MouseEvent } from 'react';
import { useTheme } from '@mui/material/styles';
import { linePath, nearestIndex, valueScale, yearTicks } from '../utils/chart-geometry.ts';
import { formatPeriodDate, formatValue, type Unit } from '../utils/format.ts';

interface RatioChartProps {
  dates: readonly string[];
  data: readonly number[];
  unit: Unit;
  label: string;
  yearly: boolean;
  width: number;
  height: number;
  compact: boolean;
}

/** One series over monthly, quarterly or yearly dates, hand-written SVG (saved as image by the card). */
export function RatioChart({ dates, data, unit, label, yearly, width, height, compact }: RatioChartProps) {
  const theme = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const margin = compact ? { top: 10, right: 10, bottom: 24, left: 52 } : { top: 12, right: 16, bottom: 28, left: 72 };
  const plotW = Math.max(10, width - margin.left - margin.right);
  const plotH = Math.max(10, height - margin.top - margin.bottom);
  const scale = valueScale(data, compact ? 4 : 6);
  const x = (i: number) => margin.left + (dates.length > 1 ? (i / (dates.length - 1)) * plotW : plotW / 2);
  const y = (v: number) => margin.top + ((scale.max - v) / (scale.max - scale.min)) * plotH;
  const xTicks = yearTicks(dates, Math.floor(plotW / (compact ? 44 : 64)));
  const axisColor = theme.palette.text.secondary;
  const line = theme.palette.primary.main;

  const onMove = (e: MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setHover(nearestIndex(e.clientX - box.left + margin.left, margin.left, plotW, dates.length));
  };
  const h = hover !== null && hover < data.length ? hover : null;
  const tip = h === null ? '' : `${formatPeriodDate(dates[h]!, yearly)}: ${formatValue(data[h]!, unit)}`;
  const tipW = tip.length * 7 + 12;
  const tipX = h === null ? 0 : Math.min(Math.max(x(h) - tipW / 2, margin.left), margin.left + plotW - tipW);

  return (
    <svg width={width} height={height} role="img" aria-label={label} data-testid="sp500-chart" data-points={data.length}>
      {scale.ticks.map((t) => (
        <g key={`y${t}`}>
          <line x1={margin.left} x2={margin.left + plotW} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} />
          <text x={margin.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={11} fill={axisColor}>
            {formatValue(t, unit).replace(/\.00(?=%|$)/, '')}
          </text>
        </g>
      ))}
      {xTicks.map((i) => (
        <text key={`x${i}`} x={x(i)} y={margin.top + plotH + 16} textAnchor="middle" fontSize={11} fill={axisColor}>
          {dates[i]!.slice(0, 4)}
        </text>
      ))}
      <path d={linePath(data, x, y)} fill="none" stroke={line} strokeWidth={1.5} />
      {h !== null && (
        <g pointerEvents="none" data-testid="sp500-chart-tooltip">
          <line x1={x(h)} x2={x(h)} y1={margin.top} y2={margin.top + plotH} stroke={axisColor} strokeDasharray="3 3" />
          <circle cx={x(h)} cy={y(data[h]!)} r={3.5} fill={line} />
          <rect x={tipX} y={margin.top} width={tipW} height={20} rx={3} fill={theme.palette.background.paper} stroke={theme.palette.divider} />
          <text x={tipX + 6} y={margin.top + 14} fontSize={12} fill={theme.palette.text.primary}>
            {tip}
          </text>
        </g>
      )}
      <rect x={margin.left} y={margin.top} width={plotW} height={plotH} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
    </svg>
  );
}
