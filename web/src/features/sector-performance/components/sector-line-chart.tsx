import { useMemo } from 'react';
import { TimeSeriesChart, type TimeSeries } from '../../../components/charts/time-series-chart.tsx';
import type { SectorPerformanceData } from '../api/get-sector-performance-data.ts';
import { SECTOR_LINE_COLORS, shortSectorName } from '../../../lib/sector-labels.ts';

interface SectorLineChartProps {
  line: SectorPerformanceData['line_data'];
  width: number;
  height: number;
  compact: boolean;
}

export function SectorLineChart({ line, width, height, compact }: SectorLineChartProps) {
  const series = useMemo(
    (): TimeSeries[] =>
      line.series.map((s, i) => ({
        id: s.name,
        color: SECTOR_LINE_COLORS[i % SECTOR_LINE_COLORS.length] ?? '#888888',
        values: s.returns,
      })),
    [line],
  );
  return (
    <TimeSeriesChart
      dates={line.index}
      series={series}
      width={width}
      height={height}
      compact={compact}
      formatValue={(v) => `${v.toFixed(2)}%`}
      legendLabel={compact ? shortSectorName : undefined}
    />
  );
}
