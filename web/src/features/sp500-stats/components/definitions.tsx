import Typography from '@mui/material/Typography';

/** How every family is computed; the page help (spec part 2 section 2.12). */
const DEFINITIONS: ReadonlyArray<[string, string]> = [
  ['PE Ratio', "Monthly average S&P 500 price divided by trailing twelve-month earnings per share (Shiller's E)."],
  ['Shiller PE Ratio', "Shiller's cyclically adjusted PE (CAPE, the file's PE10): the real price divided by the average real earnings of the previous ten years (120 months). Starts in 1881."],
  ['Earnings Yield', '100 x trailing twelve-month earnings / price, in percent (the inverse of the PE ratio).'],
  ['Dividend Yield', '100 x trailing twelve-month dividends per share / price, in percent.'],
  ['Dividend, Earnings', 'Trailing twelve-month dividends and earnings per share in index dollars, as published (not inflation adjusted).'],
  ['Real Price', "Shiller's Real Price column: the price in dollars of the file's last CPI month (September 2023)."],
  ['Inflation Adjusted Price', 'Price x CPI of the latest month with a CPI reading / CPI of the month, computed here from the CPI column (so it equals Real Price while the bases agree).'],
  ['Growth (Dividend, Earnings, Real Earnings)', 'Year-over-year percent change against the same month a year earlier; Real Earnings uses the inflation-adjusted earnings column.'],
  ['Book value, sales and their ratios', 'Book value per share, price to book, price to sales, sales, real sales and their growth need a source the bundled data does not have; they show "No data source configured for this dataset" until a provider supplies them.'],
];

export function Sp500Definitions() {
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ maxWidth: 960 }} data-testid="sp500-definitions">
      <p>
        Source: Robert Shiller&apos;s monthly S&amp;P 500 data (in the bundled demo data: prices to March 2024; dividends and earnings to June 2023; CPI and the
        Shiller PE to September 2023). Months after the last real value are missing, never zero. By Month = every month; by Quarter =
        the quarter-end months (March, June, September, December); by Year = the January value of each year. Change is the difference
        from the previous row and Change % that difference in percent of the previous value.
      </p>
      <dl>
        {DEFINITIONS.map(([term, text]) => (
          <div key={term}>
            <dt style={{ display: 'inline', fontWeight: 600 }}>{term}: </dt>
            <dd style={{ display: 'inline', margin: 0 }}>{text}</dd>
          </div>
        ))}
      </dl>
    </Typography>
  );
}
