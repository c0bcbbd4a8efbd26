import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { LargestFlowEntry } from '@tapewatch/shared/schemas/flow-dashboard';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { BubbleChart, compactBubbleHeight, type Bubble } from '../../../components/flow/bubble-chart.tsx';
import { SeriesLegend } from '../../../components/charts/series-legend.tsx';
import { distinctCategories } from '../../../components/flow/category-axis.tsx';
import { formatPremiumTick } from '../../../components/flow/flow-chart-data.ts';
import { formatPremium } from '../../../components/flow/flow-table-logic.ts';
import { flowBubbles, largestFlowTable } from '../utils/dashboard-view.ts';

interface LargestFlowCardProps {
  title: string;
  entries: readonly LargestFlowEntry[];
  /** What the chart covers ("2024-03-08" or a week range). */
  period: string;
  highlight: string | null;
  testId: string;
  /** A bubble was clicked: highlight its ticker. */
  onPick: (ticker: string) => void;
}

/** The largest trades of a period as bubbles: x the ticker, y the premium, area proportional to the premium. */
export function LargestFlowCard({ title, entries, period, highlight, testId, onPick }: LargestFlowCardProps) {
  const { palette } = useTheme();
  const view = useMemo(() => flowBubbles(entries), [entries]);
  const bubbles: Bubble[] = view.map((b) => ({
    key: b.key,
    category: b.ticker,
    value: b.premium,
    size: b.size,
    color: b.side === 'CALL' ? palette.success.main : palette.error.main,
    emphasized: b.ticker === highlight,
    rows: [
      { label: 'Premium', value: formatPremium(b.premium) },
      { label: b.side === 'CALL' ? 'Call strike' : 'Put strike', value: b.strike },
      { label: 'Expiration', value: b.expiration },
      { label: 'Sentiment', value: b.sentiment },
    ],
  }));
  const tickers = distinctCategories(view.map((b) => b.ticker)).length;
  return (
    <ChartCard
      title={title}
      table={largestFlowTable(view, testId)}
      // Nothing to draw: the note says so, and no empty axes are shown.
      height={view.length ? 340 : 0}
      mobileHeight={view.length ? compactBubbleHeight(tickers) : 0}
      controls={
        view.length > 0 && (
          <SeriesLegend
            shape="dot"
            items={[
              { label: 'Calls', color: palette.success.main },
              { label: 'Puts', color: palette.error.main },
            ]}
          />
        )
      }
      note={
        view.length === 0
          ? `No options flow in ${period}.`
          : `The ${view.length} largest trades of ${period}; green calls, red puts. A bubble's area is proportional to its premium.`
      }
    >
      {({ width, height, isMobile }) => (
        <BubbleChart
          bubbles={bubbles}
          width={width}
          height={height}
          compact={isMobile}
          formatTick={formatPremiumTick}
          onSelect={(b) => onPick(b.category)}
        />
      )}
    </ChartCard>
  );
}
