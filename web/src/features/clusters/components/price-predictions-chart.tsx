import { useTheme } from '@mui/material/styles';
import { monthLabel, monthStartIndices } from '../../../components/charts/axis-ticks.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { PredictionView } from '../utils/reshape.ts';
import { PlotFrame } from './plot-frame.tsx';

interface Props {
  view: PredictionView;
  width: number;
  height: number;
  compact: boolean;
}

/** Close line, the latest pattern window shaded, and the projected closes (dashed from the last close). */
export function PricePredictionsChart({ view, width, height, compact }: Props) {
  const theme = useTheme();
  const margin = compact ? { top: 8, right: 12, bottom: 40, left: 48 } : { top: 12, right: 40, bottom: 44, left: 60 };
  const all = [...view.closes, ...view.points.map((p) => p.close)];
  const last = view.closes.length - 1;
  const lineColor = theme.palette.primary.main;
  const predColor = theme.palette.warning.main;
  return (
    <PlotFrame
      width={width}
      height={height}
      margin={margin}
      lo={Math.min(...all)}
      hi={Math.max(...all)}
      formatTick={(v) => formatNumber(v, v >= 100 ? 0 : 2)}
    >
      {({ y, plot }) => {
        const x = (i: number) => plot.left + (i / Math.max(1, view.span - 1)) * plot.width;
        const step = Math.max(1, Math.ceil(6 / Math.max(1, Math.floor(plot.width / (compact ? 50 : 70)))));
        const path = view.closes.map((c, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(c).toFixed(1)}`).join('');
        return (
          <>
            <rect
              x={x(view.area.from)}
              y={plot.top}
              width={Math.max(2, x(view.area.to) - x(view.area.from))}
              height={plot.height}
              fill={predColor}
              fillOpacity={0.15}
              data-testid="pattern-area"
            />
            {monthStartIndices(view.dates, step).map((i) => (
              <text
                key={i}
                x={x(i)}
                y={plot.top + plot.height + 16}
                textAnchor="middle"
                fill={theme.palette.text.secondary}
              >
                {monthLabel(view.dates[i] ?? '', compact)}
              </text>
            ))}
            <path d={path} fill="none" stroke={lineColor} strokeWidth={compact ? 1.25 : 1.75} />
            {view.points.map((p, i) => (
              <g key={p.label}>
                <line
                  x1={x(last)}
                  y1={y(view.closes[last]!)}
                  x2={x(p.x)}
                  y2={y(p.close)}
                  stroke={predColor}
                  strokeDasharray="4 3"
                  strokeOpacity={0.6}
                />
                <circle cx={x(p.x)} cy={y(p.close)} r={4} fill={predColor} data-testid="prediction-point">
                  <title>{`${p.label} ${p.date}: ${formatNumber(p.close, 2)}`}</title>
                </circle>
                {!compact && (
                  // Alternate labels above and below: the 1D and 2D points sit a weekday apart.
                  <text
                    x={x(p.x)}
                    y={y(p.close) + (i % 2 ? 14 : -10)}
                    textAnchor="middle"
                    dominantBaseline="central"
                    fill={theme.palette.text.primary}
                  >
                    {p.label}
                  </text>
                )}
              </g>
            ))}
            <g transform={`translate(${plot.left},${plot.top + plot.height + 32})`} fill={theme.palette.text.primary}>
              <line x1={0} x2={16} y1={0} y2={0} stroke={lineColor} strokeWidth={2} />
              <text x={22} y={0} dominantBaseline="central">
                Close
              </text>
              <rect x={72} y={-5} width={14} height={10} fill={predColor} fillOpacity={0.3} />
              <text x={92} y={0} dominantBaseline="central">
                Latest pattern
              </text>
              <circle cx={196} cy={0} r={4} fill={predColor} />
              <text x={206} y={0} dominantBaseline="central">
                Prediction
              </text>
            </g>
          </>
        );
      }}
    </PlotFrame>
  );
}
