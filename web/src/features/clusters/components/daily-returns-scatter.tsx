import { useTheme } from '@mui/material/styles';
import { monthLabel, monthStartIndices } from '../../../components/charts/axis-ticks.ts';
import { formatNumber } from '../../../lib/format.ts';
import type { ClustersData } from '../api/get-clusters-data.ts';
import { ClusterLegend, legendLayout } from './cluster-legend.tsx';
import { PlotFrame } from './plot-frame.tsx';

interface Props {
  data: ClustersData;
  width: number;
  height: number;
  compact: boolean;
}

/** Each labelled window's last-day return (in %), coloured by its cluster. */
export function DailyReturnsScatter({ data, width, height, compact }: Props) {
  const theme = useTheme();
  const rows = data.clusters_daily_data;
  const labels = data.clusters_average_data.clusters_count.labels;
  const legend = legendLayout(labels.length, width, compact);
  const margin = { top: 10, right: 12, bottom: 28 + legend.rows * 16 + 6, left: compact ? 44 : 52 };
  const values = rows.map((r) => r.return * 100);
  const dates = rows.map((r) => r.date);
  return (
    <PlotFrame
      width={width}
      height={height}
      margin={margin}
      lo={Math.min(...values)}
      hi={Math.max(...values)}
      withZero
      formatTick={(v) => `${formatNumber(v, 1)}%`}
    >
      {({ y, plot }) => {
        const x = (i: number) => plot.left + (i / Math.max(1, rows.length - 1)) * plot.width;
        const step = Math.max(1, Math.ceil(12 / Math.max(1, Math.floor(plot.width / (compact ? 48 : 64)))));
        return (
          <>
            {monthStartIndices(dates, step).map((i) => (
              <text
                key={i}
                x={x(i)}
                y={plot.top + plot.height + 16}
                textAnchor="middle"
                fill={theme.palette.text.secondary}
              >
                {monthLabel(dates[i] ?? '', compact)}
              </text>
            ))}
            {rows.map((r, i) => (
              <circle
                key={r.date}
                cx={x(i)}
                cy={y(values[i]!)}
                r={compact ? 2.25 : 3}
                fill={data.clusters_daily_colors[r.cluster]}
                fillOpacity={0.85}
              >
                <title>{`${r.date}: ${formatNumber(values[i], 2)}% (${labels[r.cluster]})`}</title>
              </circle>
            ))}
            <ClusterLegend
              items={labels.map((label, c) => ({ label, color: data.clusters_daily_colors[c] ?? '#888' }))}
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
