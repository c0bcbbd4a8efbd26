import { padPremiums, TOP_PREMIUM_BARS } from '@tapewatch/shared/flow/key-stats';
import type { PremiumEntry } from '@tapewatch/shared/schemas/flow';
import type { ChartTableData } from '../charts/chart-card.tsx';
import { formatPremium } from './flow-table-logic.ts';

/** By-strike data (spec part 2 section 3): parallel arrays, premiums in thousands. */
export interface ByStrikeData {
  strike_price: readonly number[];
  call_premiums: readonly number[];
  put_premiums: readonly number[];
  call_size: readonly number[];
  put_size: readonly number[];
}

/** Historical premium data (spec part 2 section 3): one entry per day, premiums in thousands. */
export interface HistoricalPremiumData {
  dates: readonly string[];
  prices: readonly number[];
  call_premiums: readonly number[];
  put_premiums: readonly number[];
  net_premiums: readonly number[];
  cum_call_premiums: readonly number[];
  cum_put_premiums: readonly number[];
  cum_net_premiums: readonly number[];
}

/** The 30 bars of a top premiums chart: largest cost basis first, padded with blank bars. */
export function topPremiumBars(entries: readonly PremiumEntry[], count = TOP_PREMIUM_BARS): PremiumEntry[] {
  const sorted = [...entries].sort((a, b) => b.costBasis - a.costBasis || a.ticker.localeCompare(b.ticker));
  return padPremiums(sorted, count);
}

export function topPremiumsTable(bars: readonly PremiumEntry[], side: 'Call' | 'Put'): ChartTableData {
  return {
    rowHeader: 'Ticker',
    columns: [side === 'Call' ? 'Call premium' : 'Put premium'],
    rows: bars
      .filter((b) => b.ticker !== '')
      .map((b) => ({ key: b.ticker, label: b.ticker, cells: [formatPremium(b.costBasis)] })),
    testId: `top-${side.toLowerCase()}-premiums-data`,
  };
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const strike = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function strikeLabels(data: ByStrikeData): string[] {
  return data.strike_price.map((k) => strike.format(k));
}

export function byStrikeTable(data: ByStrikeData): ChartTableData {
  return {
    rowHeader: 'Strike',
    columns: ['Call premium', 'Put premium', 'Call size', 'Put size'],
    rows: data.strike_price.map((k, i) => ({
      key: String(k),
      label: strike.format(k),
      cells: [
        formatPremium(data.call_premiums[i] ?? 0),
        formatPremium(data.put_premiums[i] ?? 0),
        integer.format(data.call_size[i] ?? 0),
        integer.format(data.put_size[i] ?? 0),
      ],
    })),
    testId: 'by-strike-data',
  };
}

export function cumulativeTable(data: HistoricalPremiumData): ChartTableData {
  return {
    rowHeader: 'Date',
    columns: ['Cumulative net', 'Cumulative calls', 'Cumulative puts', 'Price'],
    rows: data.dates.map((d, i) => ({
      key: d,
      label: d,
      cells: [
        formatPremium(data.cum_net_premiums[i] ?? 0),
        formatPremium(data.cum_call_premiums[i] ?? 0),
        formatPremium(data.cum_put_premiums[i] ?? 0),
        (data.prices[i] ?? 0).toFixed(2),
      ],
    })),
    testId: 'cumulative-data',
  };
}

/** Axis labels for premiums in thousands: 1500 -> "$1.5M", 250 -> "$250K", -40 -> "-$40K", 0 -> "$0". */
export function formatPremiumTick(thousands: number): string {
  if (thousands === 0) return '$0';
  const sign = thousands < 0 ? '-' : '';
  const a = Math.abs(thousands);
  if (a >= 1_000_000) return `${sign}$${+(a / 1_000_000).toFixed(1)}B`;
  if (a >= 1000) return `${sign}$${+(a / 1000).toFixed(1)}M`;
  return `${sign}$${Math.round(a)}K`;
}
