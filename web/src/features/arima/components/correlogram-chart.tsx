import { useTheme } from '@mui/material/styles';
import type { ArimaData } from '../api/get-ts-arima-data.ts';
import { XyFrame } from './xy-frame.tsx';

interface Props {
  data: ArimaData['acf'];
  width: number;
  height: number;
  compact: boolean;
}

/** Stems per lag with the +/- 1.96 / sqrt(n) white-noise band (statsmodels plot_acf style). */
export function CorrelogramChart({ data, width, height, compact }: Props) {
  const theme = useTheme();
  const color = theme.palette.primary.main;
  const band = theme.palette.info.main;
  const lo = Math.min(-data.bound, ...data.data);
  const hi = Math.max(data.bound, ...data.data);
  const maxLag = data.index.at(-1) ?? 1;
  return (
    <XyFrame
      width={width}
      height={height}
      compact={compact}
      xDomain={[-0.5, maxLag + 0.5]}
      yDomain={[lo, hi]}
      formatX={(v) => String(v)}
      formatY={(v) => v.toFixed(1)}
      xLabel="Lag"
    >
      {({ x, y }) => (
        <>
          <rect
            x={x(-0.5)}
            y={y(data.bound)}
            width={x(maxLag + 0.5) - x(-0.5)}
            height={y(-data.bound) - y(data.bound)}
            fill={band}
            fillOpacity={0.15}
          />
          <line x1={x(-0.5)} x2={x(maxLag + 0.5)} y1={y(0)} y2={y(0)} stroke={theme.palette.text.secondary} />
          {data.index.map((lag, i) => (
            <g key={lag}>
              <line
                x1={x(lag)}
                x2={x(lag)}
                y1={y(0)}
                y2={y(data.data[i]!)}
                stroke={color}
                strokeWidth={compact ? 1.5 : 2}
              />
              <circle cx={x(lag)} cy={y(data.data[i]!)} r={compact ? 2 : 3} fill={color}>
                <title>{`lag ${lag}: ${data.data[i]!.toFixed(3)}`}</title>
              </circle>
            </g>
          ))}
        </>
      )}
    </XyFrame>
  );
}
