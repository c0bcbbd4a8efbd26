import { useTheme } from '@mui/material/styles';
import type { ProbPlotView } from '../utils/reshape.ts';
import { XyFrame } from './xy-frame.tsx';

interface Props {
  view: ProbPlotView;
  xLabel: string;
  width: number;
  height: number;
  compact: boolean;
}

/** Sample points against the reference line (PP: 45-degree line; QQ: through the quartiles). */
export function ProbPlotChart({ view, xLabel, width, height, compact }: Props) {
  const theme = useTheme();
  const dots = theme.palette.primary.main;
  const line = theme.palette.error.main;
  const digits = view.hi - view.lo > 10 ? 0 : view.hi - view.lo > 2 ? 1 : 2;
  return (
    <XyFrame
      width={width}
      height={height}
      compact={compact}
      xDomain={[view.xLo, view.xHi]}
      yDomain={[view.lo, view.hi]}
      formatX={(v) => v.toFixed(view.xHi - view.xLo > 2 ? 0 : 1)}
      formatY={(v) => v.toFixed(digits)}
      xLabel={xLabel}
    >
      {({ x, y }) => (
        <>
          {view.points.x.map((px, i) => (
            <circle key={i} cx={x(px)} cy={y(view.points.y[i]!)} r={compact ? 1.5 : 2} fill={dots} fillOpacity={0.6} />
          ))}
          <path
            d={view.line.x
              .map((px, i) => `${i ? 'L' : 'M'}${x(px).toFixed(1)},${y(view.line.y[i]!).toFixed(1)}`)
              .join('')}
            fill="none"
            stroke={line}
            strokeWidth={1.5}
          />
        </>
      )}
    </XyFrame>
  );
}
