import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { KeyStats } from '@tapewatch/shared/schemas/flow';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { CategoryBarChart } from '../../../components/flow/category-bar-chart.tsx';
import { formatPremium } from '../../../components/flow/flow-table-logic.ts';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const score = (v: number) => v.toFixed(2);
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** Axis labels stay short (1.5M, $140M): the cards are narrow. */
const TICKS: Record<string, (v: number) => string> = {
  tradeCount: (v) => compact.format(v),
  score,
  costBasis: (v) => `$${compact.format(v * 1000)}`,
  volume: (v) => compact.format(v),
};

/** The four key-stats charts of spec part 2 section 2.5, calls first and puts second. */
export const KEY_STAT_CHARTS = [
  { id: 'tradeCount', title: 'Numbers of Trades', format: (v: number) => integer.format(v) },
  { id: 'score', title: 'Average Score', format: score },
  { id: 'costBasis', title: 'Total Premiums 000s', format: formatPremium },
  { id: 'volume', title: 'Volume', format: (v: number) => integer.format(v) },
] as const satisfies readonly { id: keyof KeyStats; title: string; format: (v: number) => string }[];

export function KeyStatsCharts({ stats }: { stats: KeyStats }) {
  const { palette } = useTheme();
  return (
    <Box
      data-testid="key-stats"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', xl: 'repeat(4, 1fr)' } }}
    >
      {KEY_STAT_CHARTS.map((c) => {
        const [calls, puts] = stats[c.id];
        return (
          <ChartCard
            key={c.id}
            title={c.title}
            height={180}
            mobileHeight={150}
            table={{
              rowHeader: 'Side',
              columns: [c.title],
              rows: [
                { key: 'c', label: 'Calls', cells: [c.format(calls)] },
                { key: 'p', label: 'Puts', cells: [c.format(puts)] },
              ],
              testId: `key-stat-${c.id}`,
            }}
          >
            {({ width, height, isMobile }) => (
              <CategoryBarChart
                categories={['Calls', 'Puts']}
                series={[
                  { id: 'Calls', color: palette.success.main, values: [calls, 0] },
                  { id: 'Puts', color: palette.error.main, values: [0, puts] },
                ]}
                width={width}
                height={height}
                compact={isMobile}
                formatValue={c.format}
                formatTick={TICKS[c.id]}
              />
            )}
          </ChartCard>
        );
      })}
    </Box>
  );
}
