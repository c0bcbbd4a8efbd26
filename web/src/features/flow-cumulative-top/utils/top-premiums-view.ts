import type { TopPremiumsResponse } from '@tapewatch/shared/schemas/flow-cumulative-top';
import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { formatPremium } from '../../../components/flow/flow-table-logic.ts';

export interface PieSlice {
  name: string;
  /** Slice size: never negative (a pie cannot draw a negative share). */
  value: number;
  /** The signed amount the legend, tooltip and data table show. */
  signed: number;
  /** Index into the colour scale; negative net slices use the outflow scale. */
  tone: 'positive' | 'negative' | 'neutral';
}

type NameValue = TopPremiumsResponse['sectors']['calls'];

/** Calls or puts by sector: sizes are the premiums (never negative). */
export function sideSlices(series: NameValue): PieSlice[] {
  return series
    .filter((s) => s.value > 0)
    .map((s) => ({ name: s.name, value: s.value, signed: s.value, tone: 'neutral' }));
}

/**
 * Net by sector can be negative. The slice is the size of the sector's net (its absolute value)
 * and its colour says the direction (inflow green, outflow red); the legend and table keep the sign.
 * The share is then "share of all net moves", which a pie can show honestly.
 */
export function netSlices(series: NameValue): PieSlice[] {
  return series
    .filter((s) => s.value !== 0)
    .map((s) => ({
      name: s.name,
      value: Math.abs(s.value),
      signed: s.value,
      tone: s.value > 0 ? 'positive' : 'negative',
    }));
}

export function putCallSlices(sum: TopPremiumsResponse['sum']): PieSlice[] {
  return [
    { name: 'Calls', value: sum.calls, signed: sum.calls, tone: 'positive' as const },
    { name: 'Puts', value: sum.puts, signed: sum.puts, tone: 'negative' as const },
  ].filter((s) => s.value > 0);
}

/** Percent of the pie, one decimal ("42.5%"). */
export function sharePercent(slices: readonly PieSlice[], i: number): string {
  const total = slices.reduce((a, s) => a + s.value, 0);
  return total > 0 ? `${(((slices[i]?.value ?? 0) / total) * 100).toFixed(1)}%` : '0.0%';
}

/** Signed premium ("-$100K"); formatPremium puts the sign before the dollar. */
export const formatSigned = formatPremium;

export function pieTable(
  slices: readonly PieSlice[],
  rowHeader: string,
  valueHeader: string,
  testId: string,
): ChartTableData {
  return {
    rowHeader,
    columns: [valueHeader, 'Share'],
    rows: slices.map((s, i) => ({
      key: s.name,
      label: s.name,
      cells: [formatSigned(s.signed), sharePercent(slices, i)],
    })),
    testId,
    rowTestId: `${testId}-row`,
  };
}
