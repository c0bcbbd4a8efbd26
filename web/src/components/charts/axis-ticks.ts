/** About `count` round tick values inside [min, max] (steps of 1, 2 or 5 x 10^k, as d3 picks them). */
export function niceTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  const step = (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1) * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
    ticks.push(Number(v.toFixed(10)));
  }
  return ticks;
}

/** Indices of the first date of each month, every `everyMonths` months (dates are YYYY-MM-DD, ascending). */
export function monthStartIndices(dates: readonly string[], everyMonths: number): number[] {
  const out: number[] = [];
  let lastMonth = '';
  let counter = 0;
  dates.forEach((date, i) => {
    const month = date.slice(0, 7);
    if (month === lastMonth) return;
    const first = lastMonth === '';
    lastMonth = month;
    // The first (partial) month is not labelled: its first date is not a month start.
    if (first) return;
    if (counter % everyMonths === 0) out.push(i);
    counter++;
  });
  return out;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2024-01-02" -> "Jan 24" (or "Jan" when short). */
export function monthLabel(date: string, short = false): string {
  const month = MONTHS[Number(date.slice(5, 7)) - 1] ?? date.slice(5, 7);
  return short ? month : `${month} ${date.slice(2, 4)}`;
}
