import type { ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import { ChartCard } from '../charts/chart-card.tsx';
import { CategoryBarChart } from './category-bar-chart.tsx';
import { byStrikeTable, formatPremiumTick, strikeLabels, type ByStrikeData } from './flow-chart-data.ts';
import { formatPremium } from './flow-table-logic.ts';

interface ByStrikeChartProps {
  data: ByStrikeData;
  title?: string;
  note?: ReactNode;
  controls?: ReactNode;
}

const integer = new Intl.NumberFormat('en-US');

/** Call and put premiums per strike, side by side; the sizes show in the tooltip and data table. */
export function ByStrikeChart({ data, title = 'Premiums by Strike', note, controls }: ByStrikeChartProps) {
  const { palette } = useTheme();
  return (
    <ChartCard
      title={title}
      table={byStrikeTable(data)}
      height={320}
      mobileHeight={280}
      note={note}
      controls={controls}
    >
      {({ width, height, isMobile }) => (
        <CategoryBarChart
          categories={strikeLabels(data)}
          series={[
            { id: 'Calls', color: palette.success.main, values: data.call_premiums },
            { id: 'Puts', color: palette.error.main, values: data.put_premiums },
          ]}
          width={width}
          height={height}
          compact={isMobile}
          formatValue={formatPremium}
          formatTick={formatPremiumTick}
          details={(i) => [
            `Call size ${integer.format(data.call_size[i] ?? 0)}`,
            `Put size ${integer.format(data.put_size[i] ?? 0)}`,
          ]}
        />
      )}
    </ChartCard>
  );
}
