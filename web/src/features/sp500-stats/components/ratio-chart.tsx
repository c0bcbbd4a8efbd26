import { useTheme } from '@mui/material/styles';
import { clampSpan } from '../../../components/charts/chart-tooltip.tsx';
import { Crosshair, HoverPlane } from '../../../components/charts/hover-marks.tsx';
import { linePath, plotArea, pointScale, yScale } from '../../../components/charts/scales.ts';
import { nearestIndex, useHoverIndex } from '../../../components/charts/use-hover-index.ts';
import { valueScale, yearTicks } from '../utils/chart-geometry.ts';
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
  const { hover, handlers } = useHoverIndex((px, w) => nearestIndex(px, 0, w, dates.length));
  const margin = compact ? { top: 10, right: 10, bottom: 24, left: 52 } : { top: 12, right: 16, bottom: 28, left: 72 };
  const plot = plotArea(width, height, margin);
  const { width: plotW, height: plotH } = plot;
  const scale = valueScale(data, compact ? 4 : 6);
  const x = pointScale(dates.length, plot.left, plotW);
  const y = yScale(scale.min, scale.max, plot.top, plotH);
  const xTicks = yearTicks(dates, Math.floor(plotW / (compact ? 44 : 64)));
  const axisColor = theme.palette.text.secondary;
  const line = theme.palette.primary.main;

  const h = hover !== null && hover < data.length ? hover : null;
  const tip = h === null ? '' : `${formatPeriodDate(dates[h]!, yearly)}: ${formatValue(data[h]!, unit)}`;
  const tipW = tip.length * 7 + 12;
  const tipX = h === null ? 0 : clampSpan(x(h) - tipW / 2, tipW, margin.left, margin.left + plotW);

  return (
    <svg
      width={width}
      height={height}
      role="img"
      aria-label={label}
      data-testid="sp500-chart"
      data-points={data.length}
    >
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
          <Crosshair x={x(h)} plot={plot} stroke={axisColor} dashed />
          <circle cx={x(h)} cy={y(data[h]!)} r={3.5} fill={line} />
          <rect
            x={tipX}
            y={margin.top}
            width={tipW}
            height={20}
            rx={3}
            fill={theme.palette.background.paper}
            stroke={theme.palette.divider}
          />
          <text x={tipX + 6} y={margin.top + 14} fontSize={12} fill={theme.palette.text.primary}>
            {tip}
          </text>
        </g>
      )}
      <HoverPlane plot={plot} {...handlers} />
    </svg>
  );
}
