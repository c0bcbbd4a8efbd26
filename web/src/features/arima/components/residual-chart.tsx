import { useTheme } from '@mui/material/styles';
import { monthLabel, monthStartIndices } from '../../../components/charts/axis-ticks.ts';
import type { ArimaData } from '../api/get-ts-arima-data.ts';
import { XyFrame } from './xy-frame.tsx';

interface Props {
  residual: ArimaData['residual'];
  width: number;
  height: number;
  compact: boolean;
}

export function ResidualChart({ residual, width, height, compact }: Props) {
  const theme = useTheme();
  const color = theme.palette.primary.main;
  const lo = Math.min(0, ...residual.data);
  const hi = Math.max(0, ...residual.data);
  const step = Math.max(
    1,
    Math.ceil(residual.index.length / 21 / Math.max(1, Math.floor((width - 80) / (compact ? 48 : 64)))),
  );
  const xTicks = monthStartIndices(residual.index, step).map((i) => ({
    value: i,
    label: monthLabel(residual.index[i] ?? '', compact),
  }));
  return (
    <XyFrame
      width={width}
      height={height}
      compact={compact}
      xDomain={[0, residual.index.length - 1]}
      yDomain={[lo, hi]}
      xTicks={xTicks}
      formatY={(v) => v.toFixed(Math.abs(hi - lo) >= 10 ? 0 : 1)}
    >
      {({ x, y, plot }) => (
        <>
          <line
            x1={plot.left}
            x2={plot.left + plot.width}
            y1={y(0)}
            y2={y(0)}
            stroke={theme.palette.text.secondary}
            strokeWidth={1}
          />
          <path
            d={residual.data.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('')}
            fill="none"
            stroke={color}
            strokeWidth={1}
          />
        </>
      )}
    </XyFrame>
  );
}
