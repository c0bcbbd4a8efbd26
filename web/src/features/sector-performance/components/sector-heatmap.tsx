import { HeatmapGrid } from '../../../components/charts/heatmap-grid.tsx';
import type { HeatmapRow } from '../utils/reshape.ts';
import { shortSectorName } from '../../../lib/sector-labels.ts';

interface SectorHeatmapProps {
  rows: HeatmapRow[];
  width: number;
  height: number;
  /** Colours are capped at ±range. */
  range: number;
  steps: number;
  compact: boolean;
  /** Extra tooltip line by sector (e.g. "Average since Nov 2015"). */
  rowNotes?: Readonly<Record<string, string>>;
}

export function SectorHeatmap({ rows, width, height, range, steps, compact, rowNotes }: SectorHeatmapProps) {
  return (
    <HeatmapGrid
      rows={rows}
      width={width}
      height={height}
      min={-range}
      max={range}
      steps={steps}
      // Narrow cells only fit one decimal.
      formatValue={(v) => v.toFixed(compact ? 1 : 2)}
      rowLabel={compact ? shortSectorName : undefined}
      labelWidth={compact ? 108 : 170}
      // Twelve month columns on a phone leave ~18 px each: "Jan" becomes "J".
      columnLabel={(x, cellWidth) => (cellWidth < 28 ? x.slice(0, 1) : x)}
      rowNote={rowNotes ? (id) => rowNotes[id] : undefined}
    />
  );
}
