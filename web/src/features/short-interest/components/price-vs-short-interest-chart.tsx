import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { abbreviateNumber, DualAxisLineChart } from '../../../components/charts/dual-axis-line-chart.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { IndShortInterest } from '../api/get-ind-short-interest.ts';
import type { TickerPrices } from '../api/get-ticker-prices.ts';
import { priceVsShortInterestTable, toPriceVsShortInterest } from '../utils/reshape.ts';

export const CHART_TITLE = 'Price vs Short Interest';

interface Props {
  ticker: string;
  prices: TickerPrices;
  series: IndShortInterest['short_interest'];
}

export function PriceVsShortInterestChart({ ticker, prices, series }: Props) {
  const theme = useTheme();
  const view = useMemo(() => toPriceVsShortInterest(prices, series), [prices, series]);
  const table = useMemo(() => priceVsShortInterestTable(view), [view]);
  const empty = table.rows.length === 0;
  const priceColor = theme.palette.primary.main;
  const siColor = theme.palette.mode === 'dark' ? '#ffb74d' : '#e65100';
  return (
    <ChartCard
      title={CHART_TITLE}
      table={table}
      height={380}
      mobileHeight={300}
      note={`${ticker}: daily close (left axis) and short interest in shares at each FINRA settlement date (right axis).`}
    >
      {({ width, height, isMobile }) =>
        empty ? (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="si-chart-empty">
            No short interest data for {ticker} in the last year.
          </Typography>
        ) : (
          <DualAxisLineChart
            dates={view.dates}
            left={{
              id: 'Price',
              color: priceColor,
              values: view.prices,
              formatTick: (v) => `$${formatNumber(v, v < 10 ? 2 : 0)}`,
              formatValue: (v) => `$${formatNumber(v, 2)}`,
            }}
            right={{
              id: 'Short Interest',
              color: siColor,
              values: view.shortInterest,
              formatTick: abbreviateNumber,
              formatValue: (v) => formatNumber(v),
            }}
            width={width}
            height={height}
            compact={isMobile}
          />
        )
      }
    </ChartCard>
  );
}
