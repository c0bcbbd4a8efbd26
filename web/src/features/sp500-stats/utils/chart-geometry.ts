import { niceTicks } from '../../../components/charts/axis-ticks.ts';

const YEAR_STEPS = [1, 2, 5, 10, 20, 25, 50, 100];

/** Indices of the first observation of every `step` years, with the step chosen to fit `maxTicks`. */
export function yearTicks(dates: readonly string[], maxTicks: number): number[] {
  if (dates.length === 0) return [];
  const first = Number(dates[0]!.slice(0, 4));
  const span = Number(dates.at(-1)!.slice(0, 4)) - first + 1;
  const step = YEAR_STEPS.find((s) => span / s <= Math.max(1, maxTicks)) ?? 100;
  const out: number[] = [];
  let last = -1;
  dates.forEach((d, i) => {
    const y = Number(d.slice(0, 4));
    if (y !== last && y % step === 0) out.push(i);
    last = y;
  });
  return out;
}

/** Y range padded to round ticks; includes 0 only when the data cross or touch it. */
export function valueScale(values: readonly number[], count: number): { min: number; max: number; ticks: number[] } {
  if (values.length === 0) return { min: 0, max: 1, ticks: [0, 1] };
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) {
    lo -= 1;
    hi += 1;
  }
  const ticks = niceTicks(lo, hi, count);
  const step = ticks.length > 1 ? ticks[1]! - ticks[0]! : hi - lo;
  const min = Math.min(lo, Math.floor(lo / step) * step);
  const max = Math.max(hi, Math.ceil(hi / step) * step);
  return { min, max, ticks: niceTicks(min, max, count) };
}
