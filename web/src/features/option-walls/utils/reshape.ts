import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { OptionMinmaxData } from '../api/get-option-minmax.ts';
import type { OptionWallsData } from '../api/get-option-walls.ts';

/** One stacked series of a strike bar chart: a value per strike of the chart (0 or null = no bar). */
export interface StrikeSeries {
  id: string;
  label: string;
  color: string;
  values: ReadonlyArray<number | null>;
}

export interface StrikeChartData {
  strikes: number[];
  series: StrikeSeries[];
}

/** 1234567 -> "1.2M", -350000 -> "-350K", 2.1e9 -> "2.1B" (axis ticks and tooltips). */
export function formatShort(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const scaled = (d: number, unit: string) => `${sign}${Number((abs / d).toFixed(abs / d >= 100 ? 0 : 1))}${unit}`;
  if (abs >= 1e9) return scaled(1e9, 'B');
  if (abs >= 1e6) return scaled(1e6, 'M');
  if (abs >= 1e3) return scaled(1e3, 'K');
  return `${sign}${Number(abs.toFixed(1))}`;
}

/** Expiries nearest first (the keys are YYYY-MM-DD). */
export function expiriesOf(data: OptionWallsData['data']): string[] {
  return Object.keys(data).sort();
}

/**
 * The walls bar chart: the union of the shown expiries' strikes, and per expiry a call series
 * (stacked up) and a put series (stacked down) in the expiry's colour.
 */
export function wallsChartData(data: OptionWallsData['data'], shown: ReadonlySet<string>): StrikeChartData {
  const expiries = expiriesOf(data).filter((e) => shown.has(e));
  const strikes = [...new Set(expiries.flatMap((e) => data[e]!.x_values))].sort((a, b) => a - b);
  const series = expiries.flatMap((expiry) => {
    const e = data[expiry]!;
    const at = new Map(e.x_values.map((k, i) => [k, i]));
    const pick = (ys: readonly number[]) => strikes.map((k) => (at.has(k) ? ys[at.get(k)!]! : null));
    return [
      { id: `${expiry}-C`, label: `${expiry} calls`, color: e.color, values: pick(e.y_call_values) },
      { id: `${expiry}-P`, label: `${expiry} puts`, color: e.color, values: pick(e.y_put_values) },
    ];
  });
  return { strikes, series };
}

export const GEX_COLORS = { call: '#2e7d32', put: '#c62828' } as const;

export function gexChartData(gex: OptionWallsData['gex']): StrikeChartData {
  return {
    strikes: gex.strikes,
    series: [
      { id: 'call', label: 'Call GEX', color: GEX_COLORS.call, values: gex.call_gex },
      { id: 'put', label: 'Put GEX', color: GEX_COLORS.put, values: gex.put_gex },
    ],
  };
}

export interface ReferenceLine {
  id: string;
  label: string;
  value: number;
  color: string;
}

/** The GEX chart's vertical lines; a level the server could not find is left out. */
export function gexReferenceLines(data: Pick<OptionWallsData, 'spot' | 'gex'>): ReferenceLine[] {
  const lines: Array<Omit<ReferenceLine, 'value'> & { value: number | null }> = [
    { id: 'spot', label: 'Spot', value: data.spot, color: '#757575' },
    { id: 'call_wall', label: 'Call wall', value: data.gex.call_wall, color: GEX_COLORS.call },
    { id: 'put_wall', label: 'Put wall', value: data.gex.put_wall, color: GEX_COLORS.put },
    { id: 'zero_gamma', label: 'Zero gamma', value: data.gex.zero_gamma, color: '#ef6c00' },
  ];
  return lines.filter((l): l is ReferenceLine => l.value !== null);
}

const whole = (v: number | null | undefined) => formatNumber(v, 0);

/** One row per shown (expiry, strike), nearest expiry first. */
export function wallsTable(data: OptionWallsData['data'], shown: ReadonlySet<string>): ChartTableData {
  const rows = expiriesOf(data)
    .filter((e) => shown.has(e))
    .flatMap((expiry) => {
      const e = data[expiry]!;
      return e.x_values.map((k, i) => ({
        key: `${expiry}-${k}`,
        label: formatNumber(k, k % 1 === 0 ? 0 : 2),
        cells: [expiry, whole(e.y_call_values[i]), whole(e.y_put_values[i])],
      }));
    });
  return {
    rowHeader: 'Strike',
    columns: ['Expiry', 'Calls', 'Puts'],
    rows,
    testId: 'walls-table',
    rowTestId: 'walls-row',
  };
}

export function minmaxTable(mm: OptionMinmaxData): ChartTableData {
  return {
    rowHeader: 'Date',
    columns: ['Max Call', 'Call Strike', 'Min Put', 'Put Strike'],
    rows: mm.dates.map((date, i) => ({
      key: date,
      label: date,
      cells: [
        whole(mm.calls[i]),
        formatNumber(mm.call_strikes[i], 0),
        whole(mm.puts[i]),
        formatNumber(mm.put_strikes[i], 0),
      ],
    })),
    testId: 'minmax-table',
    rowTestId: 'minmax-row',
  };
}

export function gexTable(gex: OptionWallsData['gex']): ChartTableData {
  return {
    rowHeader: 'Strike',
    columns: ['Call GEX', 'Put GEX', 'Net GEX'],
    rows: gex.strikes.map((k, i) => ({
      key: String(k),
      label: formatNumber(k, k % 1 === 0 ? 0 : 2),
      cells: [whole(gex.call_gex[i]), whole(gex.put_gex[i]), whole(gex.net_gex[i])],
    })),
    testId: 'gex-table',
    rowTestId: 'gex-row',
  };
}

/** Which strike a min/max value came from, for the line chart's tooltip. */
export function minmaxStrikeNote(mm: OptionMinmaxData, seriesId: string, index: number): string | undefined {
  const strike =
    seriesId === 'Calls' ? mm.call_strikes[index] : seriesId === 'Puts' ? mm.put_strikes[index] : undefined;
  return strike === null || strike === undefined
    ? undefined
    : `strike ${formatNumber(strike, strike % 1 === 0 ? 0 : 2)}`;
}
