import { DASHBOARD_INDICES } from '@tapewatch/shared/params/flow-dashboard';
import type {
  IndexMetricsResponse,
  IndexQuotesResponse,
  LargestFlowEntry,
  MaxChange,
  SectorInflow,
} from '@tapewatch/shared/schemas/flow-dashboard';
import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { formatPremium } from '../../../components/flow/flow-table-logic.ts';
import { formatOrMissing, formatSigned, trendOf, type Trend } from '../../../components/ticker/quote-format.ts';

/**
 * Pure reshaping of the Dashboard answers (spec part 2 section 2.9) into what the cards, charts and
 * "Show data" tables print. Premiums are cost_basis sums in thousands of dollars.
 */
export type IndexTicker = (typeof DASHBOARD_INDICES)[number];

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const strikeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Contracts (volume); averages are rounded to whole contracts for display. */
export const formatVolume = (v: number): string => integer.format(v);

export interface IndexCard {
  ticker: IndexTicker;
  price: string;
  /** "+1.25 (+0.25%)"; the typographic minus for falls. */
  change: string;
  trend: Trend;
  /** Where the price comes from, in words. */
  source: string;
  callPremiums: string;
  putPremiums: string;
  callFlow: string;
  putFlow: string;
}

/** One card per dashboard index, in the spec's order, whatever the answers hold (missing shows as a dash). */
export function indexCards(
  quotes: IndexQuotesResponse | undefined,
  metrics: IndexMetricsResponse | undefined,
): IndexCard[] {
  return DASHBOARD_INDICES.map((ticker) => {
    const q = quotes?.data.find((r) => r.ticker === ticker);
    const m = metrics?.data.find((r) => r.ticker === ticker);
    const percent = formatSigned(q?.changePercent, 2, '%');
    // The bundled ETF history has only dividend-adjusted closes: a quote of one must say so.
    const adj = q?.close_basis === 'dividend_adjusted' ? 'dividend-adjusted ' : '';
    const prev =
      q?.previousClose != null ? ` against the previous ${adj}close of ${formatOrMissing(q.previousClose, 2)}` : '';
    return {
      ticker,
      price: formatOrMissing(q?.latestPrice, 2),
      change: `${formatSigned(q?.change, 2)} (${percent})`,
      trend: trendOf(q?.change, q?.changePercent),
      source: !q
        ? ''
        : q.source === 'flow'
          ? `Price at the latest ${ticker} option trade${prev}`
          : `Latest ${adj}daily close${prev}`,
      callPremiums: m ? formatPremium(m.call_premiums) : '—',
      putPremiums: m ? formatPremium(m.put_premiums) : '—',
      callFlow: m ? integer.format(m.call_flow) : '—',
      putFlow: m ? integer.format(m.put_flow) : '—',
    };
  });
}

export interface FlowBubble {
  key: string;
  ticker: string;
  premium: number;
  side: 'CALL' | 'PUT';
  strike: string;
  expiration: string;
  sentiment: string;
  /** 0-1: the radius as a share of the largest bubble's, so the area follows the premium. */
  size: number;
}

export function flowBubbles(entries: readonly LargestFlowEntry[]): FlowBubble[] {
  return entries.map(([ticker, premium, side, strike, expiration, sentiment, size], i) => ({
    key: `${i}-${ticker}`,
    ticker,
    premium,
    side,
    strike: strikeFormat.format(strike),
    expiration,
    sentiment,
    size: Math.min(1, Math.max(0, size)),
  }));
}

export function largestFlowTable(bubbles: readonly FlowBubble[], testId: string): ChartTableData {
  return {
    rowHeader: 'Ticker',
    columns: ['Premium', 'C/P', 'Strike', 'Expiration', 'Sentiment'],
    rows: bubbles.map((b) => ({
      key: b.key,
      label: b.ticker,
      cells: [formatPremium(b.premium), b.side, b.strike, b.expiration, b.sentiment],
    })),
    testId,
  };
}

export function sectorTable(inflow: SectorInflow, testId: string): ChartTableData {
  return {
    rowHeader: 'Sector',
    columns: ['Calls', 'Puts', 'Net'],
    rows: inflow.sectors.map((s, i) => ({
      key: s,
      label: s,
      cells: [
        formatPremium(inflow.calls[i] ?? 0),
        formatPremium(inflow.puts[i] ?? 0),
        formatPremium(inflow.net[i] ?? 0),
      ],
    })),
    testId,
  };
}

/** How many times the average the day is: "×3.2"; "new" when there is no average to divide by. */
export function ratioText(current: number, average: number): string {
  return average > 0 ? `×${(current / average).toFixed(1)}` : 'new';
}

export type OverAvgMeasure = 'premiums' | 'volume';

export const formatMeasure = (measure: OverAvgMeasure): ((v: number) => string) =>
  measure === 'premiums' ? formatPremium : formatVolume;

export function overAvgTable(data: MaxChange, measure: OverAvgMeasure, testId: string): ChartTableData {
  const format = formatMeasure(measure);
  return {
    rowHeader: 'Ticker',
    columns: ['Today', '20-day average', 'Ratio'],
    rows: data.tickers.map((t, i) => {
      const current = data.current[i] ?? 0;
      const average = data.average[i] ?? 0;
      return { key: t, label: t, cells: [format(current), format(average), ratioText(current, average)] };
    }),
    testId,
  };
}

/** "2024-03-04 to 2024-03-08", or the one day when the range is a single day. */
export function dayRange(from: string | null | undefined, to: string | null | undefined): string {
  if (!to) return '';
  return from && from !== to ? `${from} to ${to}` : to;
}

/** The coverage line's week part: "; week 2024-03-04 to 2024-03-08", or that the week so far is the day alone. */
export function weekText(from: string | null | undefined, day: string | null | undefined): string {
  if (!from || !day) return '';
  return from === day ? '; the week so far is this day alone' : `; week ${dayRange(from, day)}`;
}

/** A chart's period in words: "the week 2024-03-04 to 2024-03-08" or "the week so far (2024-03-08 only)". */
export function weekOf(from: string | null | undefined, to: string | null | undefined): string {
  return from && from !== to ? `the week ${dayRange(from, to)}` : `the week so far (${to ?? 'no day'} only)`;
}

export interface HighlightSources {
  daily: readonly LargestFlowEntry[];
  weekly: readonly LargestFlowEntry[];
  tables: ReadonlyArray<readonly { ticker: string }[]>;
  charts: readonly MaxChange[];
}

/** Whether the highlighted ticker appears anywhere on the dashboard (else the highlight line says so). */
export function tickerAppears(ticker: string, s: HighlightSources): boolean {
  return (
    DASHBOARD_INDICES.some((t) => t === ticker) ||
    [...s.daily, ...s.weekly].some((e) => e[0] === ticker) ||
    s.tables.some((rows) => rows.some((r) => r.ticker === ticker)) ||
    s.charts.some((c) => c.tickers.includes(ticker))
  );
}
