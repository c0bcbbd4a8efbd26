import type { DailyBar } from './types.ts';

const DAY_MS = 86_400_000;

/** Monday (UTC) of the ISO week holding an ISO date: the weekly bucket key. */
export function weekKey(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  const dow = (new Date(t).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(t - dow * DAY_MS).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of the Monday of an ISO date's week (no Date objects: toWeekly runs per request). */
function mondayNumber(date: string): number {
  const days = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
  return days - ((days + 3) % 7); // 1970-01-01 was a Thursday (Monday = 0)
}

/** The bar with another open (none when `open` is undefined, so a week without its first open has none). */
function withOpen(b: DailyBar, open: number | undefined): DailyBar {
  return open === undefined ? { date: b.date, close: b.close } : { date: b.date, close: b.close, open };
}

/**
 * Weekly bars = the last trading day of each calendar week (input ascending); a weekly bar's open is
 * the open of the week's first trading day (where a trade entering "at the next weekly bar" fills).
 */
export function toWeekly(bars: readonly DailyBar[]): DailyBar[] {
  const out: DailyBar[] = [];
  let lastKey = -1;
  for (const b of bars) {
    const key = mondayNumber(b.date);
    const prev = out[out.length - 1];
    if (key === lastKey && prev) out[out.length - 1] = withOpen(b, prev.open);
    else out.push(b);
    lastKey = key;
  }
  return out;
}

/** Simple moving average over n values ending at each index; null until n values exist or when any is null. */
export function sma(values: readonly (number | null)[], n: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  let nulls = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? null;
    if (v === null) nulls++;
    else sum += v;
    if (i >= n) {
      const old = values[i - n] ?? null;
      if (old === null) nulls--;
      else sum -= old;
    }
    out.push(i + 1 >= n && nulls === 0 ? sum / n : null);
  }
  return out;
}

/** Rate of change in percent over n bars: (x_t / x_{t-n} - 1) x 100. */
export function roc(values: readonly number[], n: number): (number | null)[] {
  return values.map((v, i) => {
    const base = i >= n ? values[i - n]! : null;
    return base === null || base === 0 ? null : (v / base - 1) * 100;
  });
}

/**
 * Aligns a dated series to bar dates: the latest value dated on or before the bar and after the
 * previous bar (a value older than the previous bar is stale for this bar); null otherwise.
 */
export function alignToBars(
  bars: readonly DailyBar[],
  series: readonly { date: string; value: number }[],
): (number | null)[] {
  const out: (number | null)[] = [];
  let j = 0;
  let prevDate = '';
  for (const b of bars) {
    let found: number | null = null;
    while (j < series.length && series[j]!.date <= b.date) {
      if (series[j]!.date > prevDate) found = series[j]!.value;
      j++;
    }
    out.push(found);
    prevDate = b.date;
  }
  return out;
}

/** Aligns the benchmark close to bar dates: latest benchmark close on or before each bar's date. */
export function alignBenchmark(bars: readonly DailyBar[], benchmark: readonly DailyBar[]): (number | null)[] {
  const out: (number | null)[] = [];
  let j = 0;
  let last: number | null = null;
  for (const b of bars) {
    while (j < benchmark.length && benchmark[j]!.date <= b.date) last = benchmark[j++]!.close;
    out.push(last);
  }
  return out;
}

/**
 * Indices where the condition turns true: true on this bar and false (defined) on the previous one.
 * null = not computable yet (warm-up, missing input); a condition that is already true when it first
 * becomes computable did not turn true on a known bar, so it does not fire.
 */
export function risingEdges(condition: readonly (boolean | null)[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < condition.length; i++) {
    if (condition[i] === true && condition[i - 1] === false) out.push(i);
  }
  return out;
}
