/**
 * US equity and option sessions are defined in New York time, so every vendor epoch timestamp is
 * mapped to the America/New_York calendar day. A daily bar stamped 04:00Z belongs to the previous
 * New York day, which naive UTC slicing would get wrong.
 */
const NY_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Epoch milliseconds -> 'YYYY-MM-DD' in America/New_York. */
export function newYorkDate(epochMs: number): string {
  // en-CA formats as YYYY-MM-DD; parts are used so a locale data change cannot reorder them.
  const parts = NY_DATE.formatToParts(epochMs);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * Polygon mixes epoch units (ms for bars, ns for quotes/trades/updated). Nanosecond values exceed
 * 2^53 and arrive already rounded by JSON.parse; millisecond precision survives, which is all we need.
 */
export function nanosToMillis(ns: number): number {
  return Math.round(ns / 1e6);
}

const NY_DATE_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Epoch milliseconds -> 'YYYY-MM-DDTHH:mm:ss' New York local time (the form CBOE prints). */
export function newYorkDateTime(epochMs: number): string {
  const parts = NY_DATE_TIME.formatToParts(epochMs);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}
