import {
  ROTATION_FACTORS,
  ROTATION_POSITIONS,
  ROTATION_TAIL_WEEKS,
  SUPER_SECTORS,
  SUPER_SECTOR_OF,
  type FreqCounts,
  type RotationFactor,
  type RotationIndex,
  type RotationPosition,
  type RotationRow,
  type SectorRotationData,
} from '@tapewatch/shared/schemas/sector-rotation';
import { alignWeekly, type WeeklyCloses } from './weekly.ts';

export type FactorValues = { relative_strength: number } & Record<RotationFactor, number>;

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** Four decimals keep the wire small; the quadrant is read from the rounded values so it matches what is shown. */
export const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * The definitions of issue 6 at week t (0-based, t >= lookback): RS = price / benchmark;
 * relative_strength = 100 RS_t / mean(RS_{t-L+1..t}); rate_of_change = 100 RS_t / RS_{t-L};
 * momentum = 100 P_t / mean(P_{t-L+1..t}); absolute_momentum = 100 P_t / P_{t-L}.
 */
export function factorsAt(
  price: readonly number[],
  bench: readonly number[],
  lookback: number,
  t: number,
): FactorValues | null {
  if (t < lookback || t >= price.length) return null;
  const rs = price.map((p, i) => p / bench[i]!);
  const window = (xs: readonly number[]) => xs.slice(t - lookback + 1, t + 1);
  const out = {
    relative_strength: (100 * rs[t]!) / mean(window(rs)),
    rate_of_change: (100 * rs[t]!) / rs[t - lookback]!,
    momentum: (100 * price[t]!) / mean(window(price)),
    absolute_momentum: (100 * price[t]!) / price[t - lookback]!,
  };
  return Object.values(out).every(Number.isFinite) ? out : null;
}

export function positionOf(relativeStrength: number, factor: number): RotationPosition {
  if (relativeStrength >= 100) return factor >= 100 ? 'Leading' : 'Weakening';
  return factor >= 100 ? 'Improving' : 'Lagging';
}

export interface RotationInput {
  ticker: string;
  name: string;
  sector: string;
  /** Weekly closes for the ratios (total return where known). */
  weekly: WeeklyCloses;
  /** The last traded close and its date, as shown in the table. */
  close: number;
  date: string;
}

interface TickerFactors {
  input: RotationInput;
  superSector: (typeof SUPER_SECTORS)[number];
  /** Factor values for the last tail weeks, oldest first; the last is the current one. */
  points: FactorValues[];
}

/** Per ticker and lookback, the factor values of the last weeks (shared by the three factors). */
export function tickerFactors(
  inputs: readonly RotationInput[],
  bench: WeeklyCloses,
  lookback: number,
): TickerFactors[] {
  const lastWeek = bench.week.at(-1);
  const out: TickerFactors[] = [];
  for (const input of inputs) {
    const superSector = SUPER_SECTOR_OF[input.sector];
    // A ticker that did not trade in the benchmark's latest week is stale: leave it out.
    if (!superSector || input.weekly.week.at(-1) !== lastWeek) continue;
    const a = alignWeekly(input.weekly, bench);
    const n = a.price.length;
    const points: FactorValues[] = [];
    for (let t = Math.max(lookback, n - ROTATION_TAIL_WEEKS); t < n; t++) {
      const f = factorsAt(a.price, a.bench, lookback, t);
      if (f) points.push(f);
    }
    if (points.length > 0 && n - 1 >= lookback) out.push({ input, superSector, points });
  }
  return out;
}

function freqTables<K extends 'sector' | 'super_sector'>(
  key: K,
  groups: readonly string[],
  rows: readonly RotationRow[],
) {
  const counts = new Map<string, FreqCounts>(
    groups.map((g) => [g, { Lagging: 0, Improving: 0, Weakening: 0, Leading: 0 }]),
  );
  for (const r of rows) counts.get(key === 'sector' ? r.sector : r.super_sector)![r.position] += 1;
  const present = groups.filter((g) => ROTATION_POSITIONS.some((p) => counts.get(g)![p] > 0));
  const freq = present.map((g) => ({ [key]: g, ...counts.get(g)! }) as { [P in K]: string } & FreqCounts);
  const pct = freq.map((row) => {
    const total = ROTATION_POSITIONS.reduce((s, p) => s + row[p], 0);
    const share = (p: RotationPosition) => Math.round((10_000 * row[p]) / total) / 100;
    return {
      ...row,
      Lagging: share('Lagging'),
      Improving: share('Improving'),
      Weakening: share('Weakening'),
      Leading: share('Leading'),
    };
  });
  return { freq, pct };
}

export function rotationResponse(
  factors: readonly TickerFactors[],
  meta: { asOf: string; index: RotationIndex; benchmark: string; lookback: number; factor: RotationFactor },
): SectorRotationData {
  const main_data: RotationRow[] = factors.map(({ input, superSector, points }) => {
    const cur = points.at(-1)!;
    const rs = round4(cur.relative_strength);
    const value = round4(cur[meta.factor]);
    return {
      ticker: input.ticker,
      name: input.name,
      sector: input.sector,
      super_sector: superSector,
      date: input.date,
      close: input.close,
      lookback: meta.lookback,
      relative_strength: rs,
      [meta.factor]: value,
      position: positionOf(rs, value),
      tail: points.map((p) => [round4(p.relative_strength), round4(p[meta.factor])] as [number, number]),
    };
  });
  main_data.sort((a, b) => a.ticker.localeCompare(b.ticker));
  const sectors = [...new Set(main_data.map((r) => r.sector))].sort();
  const ss = freqTables('super_sector', SUPER_SECTORS, main_data);
  const s = freqTables('sector', sectors, main_data);
  return {
    as_of: meta.asOf,
    index: meta.index,
    benchmark: meta.benchmark,
    lookback: meta.lookback,
    factor: meta.factor,
    main_data,
    super_sector_freq_pct_data: ss.pct,
    super_sector_freq_data: ss.freq,
    sector_freq_pct_data: s.pct,
    sector_freq_data: s.freq,
  };
}

export const comboKey = (index: RotationIndex, lookback: number, factor: RotationFactor) =>
  `${index}|${lookback}|${factor}`;
export { ROTATION_FACTORS };
