import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../../../components/charts/axis-ticks.ts';
import { YGrid } from '../../../components/charts/axes.tsx';
import { plotArea, yScale } from '../../../components/charts/scales.ts';

export interface Bar {
  label: string;
  value: number;
}

interface Props {
  bars: readonly Bar[];
  width: number;
  height: number;
  compact: boolean;
  formatTick: (v: number) => string;
  /** Positive bars in the success colour, negative in the error colour (returns); else primary. */
  signed?: boolean;
}

/** Small SVG bar chart (returns per signal, return histogram); the hover title shows the exact value. */
export function BarChart({ bars, width, height, compact, formatTick, signed = false }: Props) {
  const theme = useTheme();
  const margin = { top: 10, right: 8, bottom: compact ? 44 : 52, left: compact ? 40 : 52 };
  const plot = plotArea(width, height, margin);
  const { width: plotW, height: plotH } = plot;
  const values = bars.map((b) => b.value);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), compact ? 4 : 6);
  const lo = Math.min(0, ticks[0] ?? 0);
  const hi = Math.max(0, ticks.at(-1) ?? 1);
  const y = yScale(lo, hi, margin.top, plotH);
  const step = plotW / Math.max(1, bars.length);
  const barW = Math.max(1, step * 0.8);
  const labelEvery = Math.max(1, Math.ceil(bars.length / Math.max(1, Math.floor(plotW / (compact ? 56 : 72)))));
  const colorOf = (v: number) =>
    !signed ? theme.palette.primary.main : v >= 0 ? theme.palette.success.main : theme.palette.error.main;
  return (
    <Box sx={{ width, height }}>
      <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={11} role="presentation">
        <YGrid ticks={ticks} y={y} plot={plot} format={formatTick} zeroLine />
        {bars.map((b, i) => {
          const x = margin.left + i * step + (step - barW) / 2;
          const top = Math.min(y(b.value), y(0));
          return (
            <g key={`${b.label}-${i}`}>
              <rect
                x={x}
                y={top}
                width={barW}
                height={Math.max(1, Math.abs(y(b.value) - y(0)))}
                fill={colorOf(b.value)}
              >
                <title>{`${b.label}: ${b.value}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text
                  x={x + barW / 2}
                  y={margin.top + plotH + 8}
                  fill={theme.palette.text.secondary}
                  textAnchor="end"
                  transform={`rotate(-35 ${x + barW / 2} ${margin.top + plotH + 8})`}
                >
                  {b.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
