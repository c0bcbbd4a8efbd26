import { useTheme } from '@mui/material/styles';
import type { SectorInflow } from '@tapewatch/shared/schemas/flow-dashboard';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { SeriesLegend } from '../../../components/charts/series-legend.tsx';
import { formatPremiumTick } from '../../../components/flow/flow-chart-data.ts';
import { formatPremium } from '../../../components/flow/flow-table-logic.ts';
import { HorizontalBarChart } from '../../../components/flow/horizontal-bar-chart.tsx';
import { sectorTable } from '../utils/dashboard-view.ts';

interface SectorInflowCardProps {
  title: string;
  inflow: SectorInflow;
  period: string;
  testId: string;
}

/** Call, put and net premiums per sector (net below zero when puts outweigh calls), net descending. */
export function SectorInflowCard({ title, inflow, period, testId }: SectorInflowCardProps) {
  const { palette } = useTheme();
  const rows = inflow.sectors.length;
  const series = [
    { id: 'Calls', color: palette.success.main, values: inflow.calls },
    { id: 'Puts', color: palette.error.main, values: inflow.puts },
    { id: 'Net', color: palette.primary.main, values: inflow.net },
  ];
  return (
    <ChartCard
      title={title}
      table={sectorTable(inflow, testId)}
      height={rows ? rows * 30 + 30 : 0}
      mobileHeight={rows ? rows * 28 + 30 : 0}
      controls={rows > 0 && <SeriesLegend items={series.map((s) => ({ label: s.id, color: s.color }))} />}
      note={
        inflow.sectors.length === 0
          ? `No sector flow in ${period}.`
          : `Premiums of ${period}. Net is calls minus puts. Sector stocks and the 11 SPDR sector ETFs only.`
      }
    >
      {({ width, height, isMobile }) => (
        <HorizontalBarChart
          categories={inflow.sectors}
          series={series}
          width={width}
          height={height}
          compact={isMobile}
          formatValue={formatPremium}
          formatTick={formatPremiumTick}
        />
      )}
    </ChartCard>
  );
}
