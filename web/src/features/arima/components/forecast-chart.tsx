import { useTheme } from '@mui/material/styles';
import { monthLabel, monthStartIndices } from '../../../components/charts/axis-ticks.ts';
import type { ForecastView } from '../utils/reshape.ts';
import { XyFrame } from './xy-frame.tsx';

interface Props {
  view: ForecastView;
  width: number;
  height: number;
  compact: boolean;
}

const pathOf = (pts: ReadonlyArray<readonly [number, number]>) =>
  pts.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`).join('');

/** Closes, the forecast (dashed, from the last close) and its 95% band. */
export function ForecastChart({ view, width, height, compact }: Props) {
  const theme = useTheme();
  const price = theme.palette.primary.main;
  const pred = theme.palette.warning.main;
  const n = view.closes.length;
  const step = Math.max(
    1,
    Math.ceil(view.dates.length / 21 / Math.max(1, Math.floor((width - 80) / (compact ? 48 : 64)))),
  );
  const xTicks = monthStartIndices(view.dates, step).map((i) => ({
    value: i,
    label: monthLabel(view.dates[i] ?? '', compact),
  }));
  return (
    <XyFrame
      width={width}
      height={height}
      compact={compact}
      xDomain={[0, view.dates.length - 1]}
      yDomain={[view.lo, view.hi]}
      xTicks={xTicks}
      formatY={(v) => v.toFixed(v >= 100 ? 0 : 2)}
      legend={[
        { label: 'Price', color: price, kind: 'line' },
        { label: 'Prediction', color: pred, kind: 'dash' },
        { label: '95% band', color: pred, kind: 'band' },
      ]}
    >
      {({ x, y }) => {
        const lastClose = view.closes[n - 1];
        const anchor: Array<readonly [number, number]> = lastClose === undefined ? [] : [[x(n - 1), y(lastClose)]];
        const upper = view.predictions.map((p) => [x(p.x), y(p.upper)] as const);
        const lower = view.predictions.map((p) => [x(p.x), y(p.lower)] as const).reverse();
        return (
          <>
            <path
              d={`${pathOf([...anchor, ...upper, ...lower, ...anchor])}Z`}
              fill={pred}
              fillOpacity={0.22}
              stroke="none"
              data-testid="arima-band"
            />
            <path
              d={pathOf(view.closes.map((c, i) => [x(i), y(c)] as const))}
              fill="none"
              stroke={price}
              strokeWidth={compact ? 1.25 : 1.5}
            />
            <path
              d={pathOf([...anchor, ...view.predictions.map((p) => [x(p.x), y(p.value)] as const)])}
              fill="none"
              stroke={pred}
              strokeWidth={2}
              strokeDasharray="4 3"
            />
            {view.predictions.map((p) => (
              <circle
                key={p.date}
                cx={x(p.x)}
                cy={y(p.value)}
                r={compact ? 1.5 : 2.5}
                fill={pred}
                data-testid="arima-prediction-point"
              >
                <title>{`${p.date}: ${p.value.toFixed(2)} (95%: ${p.lower.toFixed(2)} to ${p.upper.toFixed(2)})`}</title>
              </circle>
            ))}
          </>
        );
      }}
    </XyFrame>
  );
}
