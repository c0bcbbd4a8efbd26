/**
 * Weekly closes: the last close of each calendar week (Monday to Sunday), keyed by the week's
 * Monday so two series can be joined week by week even when one skipped a day.
 */
export interface WeeklyCloses {
  /** Monday of each week, YYYY-MM-DD, ascending. */
  week: string[];
  /** Date of the last close in that week. */
  date: string[];
  close: number[];
}

export function weekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7; // days since Monday
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

export function weeklyCloses(dates: readonly string[], closes: readonly number[]): WeeklyCloses {
  const out: WeeklyCloses = { week: [], date: [], close: [] };
  for (let i = 0; i < dates.length; i++) {
    const c = closes[i];
    if (c === undefined || !Number.isFinite(c) || c <= 0) continue;
    const w = weekOf(dates[i]!);
    if (out.week.at(-1) === w) {
      out.date[out.date.length - 1] = dates[i]!;
      out.close[out.close.length - 1] = c;
    } else {
      out.week.push(w);
      out.date.push(dates[i]!);
      out.close.push(c);
    }
  }
  return out;
}

/** Aligns a ticker's weekly closes to the benchmark's weeks; weeks the ticker lacks are dropped. */
export function alignWeekly(
  stock: WeeklyCloses,
  bench: WeeklyCloses,
): { price: number[]; bench: number[]; date: string[] } {
  const at = new Map(bench.week.map((w, i) => [w, bench.close[i]!]));
  const out = { price: [] as number[], bench: [] as number[], date: [] as string[] };
  stock.week.forEach((w, i) => {
    const b = at.get(w);
    if (b === undefined) return;
    out.price.push(stock.close[i]!);
    out.bench.push(b);
    out.date.push(stock.date[i]!);
  });
  return out;
}
