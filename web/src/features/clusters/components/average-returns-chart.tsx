import { useTheme } from '@mui/material/styles';
import { formatNumber } from '../../../lib/format.ts';
import type { AverageBars } from '../utils/reshape.ts';
import { ClusterLegend, legendLayout } from './cluster-legend.tsx';
import { PlotFrame } from './plot-frame.tsx';

interface Props {
  bars: AverageBars;
  width: number;
  height: number;
  compact: boolean;
}

/** Grouped bars: per horizon, each cluster's average forward return; the legend carries the counts. */
export function AverageReturnsChart({ bars, width, height, compact }: Props) {
  const theme = useTheme();
  const items = bars.clusters.map((c) => ({
    label: `${c.label.replace('Cluster ', 'C')} (${c.count})`,
    color: c.color,
  }));
  const legend = legendLayout(items.length, width, compact);
  const margin = { top: 10, right: 12, bottom: 28 + legend.rows * 16 + 6, left: compact ? 44 : 52 };
  const vals = bars.groups.flatMap((g) => g.values.filter((v): v is number => v !== null));
  return (
    <PlotFrame
      width={width}
      height={height}
      margin={margin}
      lo={Math.min(0, ...vals)}
      hi={Math.max(0, ...vals)}
      withZero
      formatTick={(v) => `${formatNumber(v, 1)}%`}
    >
      {({ y, plot }) => {
        const groupW = plot.width / bars.groups.length;
        const barW = (groupW * 0.8) / Math.max(1, bars.clusters.length);
        return (
          <>
            {bars.groups.map((g, gi) => (
              <g key={g.label}>
                <text
                  x={plot.left + groupW * (gi + 0.5)}
                  y={plot.top + plot.height + 16}
                  textAnchor="middle"
                  fill={theme.palette.text.secondary}
                >
                  {g.label}
                </text>
                {g.values.map((v, ci) =>
                  v === null ? null : (
                    <rect
                      key={ci}
                      x={plot.left + groupW * gi + groupW * 0.1 + ci * barW}
                      y={Math.min(y(v), y(0))}
                      width={Math.max(1, barW - 1)}
                      height={Math.max(1, Math.abs(y(v) - y(0)))}
                      fill={bars.clusters[ci]?.color}
                    >
                      <title>{`${bars.clusters[ci]?.label} ${g.label}: ${formatNumber(v, 2)}%`}</title>
                    </rect>
                  ),
                )}
              </g>
            ))}
            <ClusterLegend
              items={items}
              x={plot.left}
              y={plot.top + plot.height + 34}
              perRow={legend.perRow}
              colWidth={legend.colWidth}
            />
          </>
        );
      }}
    </PlotFrame>
  );
}
