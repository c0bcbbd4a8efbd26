import { assertDate, ymd } from './dates.ts';
import { lastTradingDayOfMonth, tradingDayOnOrBefore } from './nyse.ts';

/**
 * FINRA short-interest settlement dates in [from, to]: per FINRA Rule 4560 reporting, positions are
 * reported as of settlement on the 15th of each month (or the preceding business day when the 15th
 * is not one) and on the last business day of the month. Source: FINRA "Short Interest Reporting"
 * and Nasdaq Trader "Short Interest Publication Schedule" (nasdaqtrader.com/Trader.aspx?id=ShortIntPubSch).
 * Checked against Nasdaq's published settlement dates, e.g. 2023-12-15, 2023-12-29, 2024-01-12
 * (15th = MLK Day), 2024-02-15, 2024-02-29, 2024-03-28 (29th = Good Friday).
 * NYSE closures stand in for settlement holidays: the Fed-only holidays never fall on the 15th, the
 * business day before it or a month end (Columbus Day is October 8-14, Veterans Day November 11 or 12).
 */
export function shortInterestSettlementDates(from: string, to: string): string[] {
  assertDate(from, 'from');
  assertDate(to, 'to');
  const out: string[] = [];
  let y = +from.slice(0, 4);
  let m = +from.slice(5, 7);
  const endKey = +to.slice(0, 4) * 12 + +to.slice(5, 7);
  while (y * 12 + m <= endKey) {
    for (const d of [tradingDayOnOrBefore(ymd(y, m, 15)), lastTradingDayOfMonth(y, m)]) {
      if (d >= from && d <= to) out.push(d);
    }
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * Position of a settlement date in the twice-monthly cycle (month * 2, +1 for month end): the time
 * axis of the short-interest process, so "previous settlement" is always index - 1.
 */
export function settlementIndex(settlementDate: string): number {
  const y = +settlementDate.slice(0, 4);
  const m = +settlementDate.slice(5, 7);
  const day = +settlementDate.slice(8, 10);
  return (y * 12 + (m - 1)) * 2 + (day > 15 ? 1 : 0);
}

/** The settlement date right before `settlementDate`. */
export function previousSettlementDate(settlementDate: string): string {
  const y = +settlementDate.slice(0, 4);
  const m = +settlementDate.slice(5, 7);
  if (+settlementDate.slice(8, 10) > 15) return tradingDayOnOrBefore(ymd(y, m, 15));
  return m === 1 ? lastTradingDayOfMonth(y - 1, 12) : lastTradingDayOfMonth(y, m - 1);
}
