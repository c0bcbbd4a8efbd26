import { useTheme } from '@mui/material/styles';
import { formatNumber } from '../../../lib/format.ts';
import type { ClustersData } from '../api/get-clusters-data.ts';
import { PlotFrame } from './plot-frame.tsx';

interface Props {
  data: ClustersData;
  width: number;
  height: number;
  compact: boolean;
}

/** One box per cluster: min, quartiles, median and max of the forward return, in %. */
export function BoxplotChart({ data, width, height, compact }: Props) {
  const theme = useTheme();
  const boxes = data.clusters_boxplot_data;
  const margin = { top: 10, right: 12, bottom: 28, left: compact ? 44 : 52 };
  const vals = boxes.flatMap((b) => (b.boxplot_data ? [b.boxplot_data.min * 100, b.boxplot_data.max * 100] : []));
  return (
    <PlotFrame
      width={width}
      height={height}
      margin={margin}
      lo={Math.min(0, ...vals)}
      hi={Math.max(0, ...vals)}
      withZero
      formatTick={(v) => `${formatNumber(v, 0)}%`}
    >
      {({ y, plot }) => {
        const slot = plot.width / Math.max(1, boxes.length);
        const w = Math.min(40, slot * 0.6);
        return boxes.map((b, i) => {
          const cx = plot.left + slot * (i + 0.5);
          const s = b.boxplot_data;
          return (
            <g key={b.label}>
              <text x={cx} y={plot.top + plot.height + 16} textAnchor="middle" fill={theme.palette.text.secondary}>
                {compact ? `C${b.cluster}` : b.label}
              </text>
              {s && (
                <g stroke={b.color} strokeWidth={1.5} data-testid="boxplot-box">
                  <title>{`${b.label}: min ${formatNumber(s.min * 100, 2)}%, median ${formatNumber(s.median * 100, 2)}%, max ${formatNumber(s.max * 100, 2)}% (${s.count} windows)`}</title>
                  <line x1={cx} x2={cx} y1={y(s.max * 100)} y2={y(s.q3 * 100)} />
                  <line x1={cx} x2={cx} y1={y(s.q1 * 100)} y2={y(s.min * 100)} />
                  <line x1={cx - w / 4} x2={cx + w / 4} y1={y(s.max * 100)} y2={y(s.max * 100)} />
                  <line x1={cx - w / 4} x2={cx + w / 4} y1={y(s.min * 100)} y2={y(s.min * 100)} />
                  <rect
                    x={cx - w / 2}
                    y={y(s.q3 * 100)}
                    width={w}
                    height={Math.max(1, y(s.q1 * 100) - y(s.q3 * 100))}
                    fill={b.color}
                    fillOpacity={0.35}
                  />
                  <line
                    x1={cx - w / 2}
                    x2={cx + w / 2}
                    y1={y(s.median * 100)}
                    y2={y(s.median * 100)}
                    strokeWidth={2.5}
                  />
                </g>
              )}
            </g>
          );
        });
      }}
    </PlotFrame>
  );
}
