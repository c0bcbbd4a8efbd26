/** One month of Robert Shiller's S&P 500 data; null = missing in the file. */
export interface ShillerMonth {
  /** First day of the month, 'YYYY-MM-01'. */
  date: string;
  /** Monthly average of daily S&P 500 closes. */
  price: number;
  /** Dividends per share, trailing twelve months (Shiller's D). */
  dividend: number | null;
  /** Earnings per share, trailing twelve months (Shiller's E). */
  earnings: number | null;
  cpi: number | null;
  longRate: number | null;
  realPrice: number | null;
  realDividend: number | null;
  realEarnings: number | null;
  /** Cyclically adjusted PE (PE10, "CAPE"). */
  cape: number | null;
}
