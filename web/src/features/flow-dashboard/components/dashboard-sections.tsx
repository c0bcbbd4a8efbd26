import { useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { MOST_OTM_SORT } from '../../../components/flow/otm-columns.ts';
import type { DashboardData } from '../api/dashboard-api.ts';
import { dayRange, indexCards, weekOf, type OverAvgMeasure } from '../utils/dashboard-view.ts';
import { LEAPS_SORT, LEAPS_TABLE_COLUMNS, OTM_TABLE_COLUMNS } from '../utils/table-columns.ts';
import { DashboardTable } from './dashboard-table.tsx';
import { IndexCards } from './index-cards.tsx';
import { LargestFlowCard } from './largest-flow-card.tsx';
import { OverAvgCard } from './over-avg-card.tsx';
import { SectorInflowCard } from './sector-inflow-card.tsx';

export interface DashboardAnswers {
  quotes: DashboardData<'get_options_flow_index_quotes_data'> | undefined;
  metrics: DashboardData<'get_options_flow_index_metrics_data'> | undefined;
  largest: DashboardData<'get_options_flow_largest_flow_data'> | undefined;
  sectors: DashboardData<'get_options_flow_sector_inflow_data'> | undefined;
  otm: DashboardData<'get_options_flow_most_otm_data'> | undefined;
  leaps: DashboardData<'get_options_flow_high_oi_leaps_data'> | undefined;
  premiums: DashboardData<'get_options_flow_daily_over_avg_premiums_data'> | undefined;
  volume: DashboardData<'get_options_flow_daily_over_avg_size_data'> | undefined;
}

/** Two cards side by side on wide screens, stacked below 1200 px. */
function Pair({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}
    >
      {children}
    </Box>
  );
}

/** Each section appears as soon as its own answer is in; the page above handles the gate, loader and empty state. */
interface DashboardSectionsProps {
  day: string | null;
  highlight: string | null;
  data: DashboardAnswers;
  /** Highlight a ticker (a bubble or table row was chosen). */
  onPick: (ticker: string) => void;
}

export function DashboardSections({ day, highlight, data, onPick }: DashboardSectionsProps) {
  const { quotes, metrics, largest, sectors, otm, leaps, premiums, volume } = data;
  const cards = useMemo(() => indexCards(quotes, metrics), [quotes, metrics]);
  const overAvg = (measure: OverAvgMeasure, answer: typeof premiums) => {
    if (!answer) return null;
    const label = measure === 'premiums' ? 'Premiums' : 'Volume';
    const averageOver = answer.average_from
      ? `the days with flow from ${dayRange(answer.average_from, answer.average_to)}`
      : 'no earlier day';
    return (['calls', 'puts'] as const).map((side) => (
      <OverAvgCard
        key={`${measure}-${side}`}
        title={`${side === 'calls' ? 'Call' : 'Put'} ${label} vs 20-Day Average`}
        data={answer[side]}
        side={side}
        measure={measure}
        averageOver={averageOver}
        highlight={highlight}
        testId={`over-avg-${measure}-${side}-data`}
      />
    ));
  };

  return (
    <>
      {(quotes || metrics) && <IndexCards cards={cards} highlight={highlight} />}
      {largest && (
        <>
          <LargestFlowCard
            title="Daily Largest Flows"
            entries={largest.daily}
            period={largest.date ?? 'the day'}
            highlight={highlight}
            testId="largest-daily-data"
            onPick={onPick}
          />
          <LargestFlowCard
            title="Weekly Largest Flows"
            entries={largest.weekly}
            period={weekOf(largest.week_from, largest.date)}
            highlight={highlight}
            testId="largest-weekly-data"
            onPick={onPick}
          />
        </>
      )}
      {sectors && (
        <Pair>
          <SectorInflowCard
            title="Daily Sector Inflow"
            inflow={sectors.daily}
            period={sectors.date ?? 'the day'}
            testId="sector-daily-data"
          />
          <SectorInflowCard
            title="Weekly Sector Inflow"
            inflow={sectors.weekly}
            period={weekOf(sectors.week_from, sectors.date)}
            testId="sector-weekly-data"
          />
        </Pair>
      )}
      {otm && (
        <DashboardTable
          title="Most OTM Flows"
          caption={`The trades of ${otm.date || day || 'the day'} struck furthest out of the money; OTM By is the strike's distance from the underlying price in percent.`}
          rows={otm.data}
          columns={OTM_TABLE_COLUMNS}
          defaultSort={MOST_OTM_SORT}
          csvFileName={`most-otm-flows-${otm.date}`}
          highlight={highlight}
          onPick={onPick}
        />
      )}
      {leaps && (
        <DashboardTable
          title="High OI LEAPS"
          caption={`The trades of ${leaps.date ?? 'the day'} in options a year or more from expiry, highest open interest first.`}
          rows={leaps.data}
          columns={LEAPS_TABLE_COLUMNS}
          defaultSort={LEAPS_SORT}
          csvFileName={`high-oi-leaps-${leaps.date ?? ''}`}
          highlight={highlight}
          onPick={onPick}
        />
      )}
      {(premiums || volume) && (
        <Pair>
          {overAvg('premiums', premiums)}
          {overAvg('volume', volume)}
        </Pair>
      )}
    </>
  );
}
