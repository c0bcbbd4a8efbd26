import { EARLIEST_FLOW_DATE } from '@tapewatch/shared/params/flow';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const isCalendarDay = (s: string): boolean =>
  ISO_DAY.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

export function formatRange(start: string, end: string): string {
  return start === '' && end === '' ? '' : `${start} - ${end}`;
}

/** "YYYY-MM-DD - YYYY-MM-DD" -> the range, or what is wrong with the text (the server's rules). */
export function parseRange(text: string): { start: string; end: string } | string {
  const m = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(text);
  if (!m) return 'Use YYYY-MM-DD - YYYY-MM-DD';
  const [, start = '', end = ''] = m;
  if (!isCalendarDay(start) || !isCalendarDay(end)) return 'Use YYYY-MM-DD - YYYY-MM-DD';
  if (start < EARLIEST_FLOW_DATE) return `The range starts on ${EARLIEST_FLOW_DATE} at the earliest`;
  if (end < start) return 'The end is before the start';
  return { start, end };
}
