import Box from '@mui/material/Box';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { CategoryBarChart } from '../../../components/flow/category-bar-chart.tsx';
import { formatPremiumTick } from '../../../components/flow/flow-chart-data.ts';
import { formatThousandsUsd } from '../../../lib/format.ts';
import type { SeasonalityData } from '../api/ticker-overview-api.ts';
import { SEASONALITY_CHARTS, seasonalityTable, seasonalityValues } from '../utils/seasonality-view.ts';
import { INTRADAY_COLORS } from './intraday-chart.tsx';

/** Six bar charts: average premium per day by half hour, weekday and month, for calls and for puts. */
export function SeasonalityCharts({ data }: { data: SeasonalityData }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      {SEASONALITY_CHARTS.map(({ kind, side, title, rowHeader }) => {
        const series = data[kind];
        return (
          <ChartCard
            key={`${kind}-${side}`}
            title={title}
            table={seasonalityTable(series, side, kind, rowHeader)}
            height={260}
            mobileHeight={220}
          >
            {({ width, height, isMobile }) => (
              <CategoryBarChart
                categories={series.index}
                series={[
                  {
                    id: side === 'calls' ? 'Calls' : 'Puts',
                    color: INTRADAY_COLORS[side],
                    values: seasonalityValues(series, side),
                  },
                ]}
                width={width}
                height={height}
                compact={isMobile}
                formatValue={formatThousandsUsd}
                formatTick={formatPremiumTick}
              />
            )}
          </ChartCard>
        );
      })}
    </Box>
  );
}
