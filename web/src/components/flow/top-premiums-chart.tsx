import { useMemo, type ReactNode } from 'react';
import { useTheme } from '@mui/material/styles';
import type { PremiumEntry } from '@tapewatch/shared/schemas/flow';
import { ChartCard } from '../charts/chart-card.tsx';
import { CategoryBarChart } from './category-bar-chart.tsx';
import { formatPremiumTick, topPremiumBars, topPremiumsTable } from './flow-chart-data.ts';
import { formatPremium } from './flow-table-logic.ts';

interface TopPremiumsChartProps {
  side: 'Call' | 'Put';
  /** Largest premiums per ticker (cost basis in thousands); sorted and padded to 30 bars here. */
  entries: readonly PremiumEntry[];
  title?: string;
  note?: ReactNode;
}

/** Top call or put premiums by ticker: 30 bars, largest cost basis first, blanks when fewer. */
export function TopPremiumsChart({ side, entries, title, note }: TopPremiumsChartProps) {
  const { palette } = useTheme();
  const bars = useMemo(() => topPremiumBars(entries), [entries]);
  const name = title ?? (side === 'Call' ? 'Top Call Premiums' : 'Top Put Premiums');
  const color = side === 'Call' ? palette.success.main : palette.error.main;
  return (
    <ChartCard title={name} table={topPremiumsTable(bars, side)} height={300} mobileHeight={260} note={note}>
      {({ width, height, isMobile }) => (
        <CategoryBarChart
          categories={bars.map((b) => b.ticker)}
          series={[{ id: side === 'Call' ? 'Calls' : 'Puts', color, values: bars.map((b) => b.costBasis) }]}
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
