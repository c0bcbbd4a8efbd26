import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { SP500_FAMILY_LABELS, type Sp500Family } from '@tapewatch/shared/params/sp500';

const WITHOUT_SOURCE: readonly Sp500Family[] = [
  'bvps',
  'pbv_ratio',
  'psr',
  'sales',
  'real_sales',
  'sales_growth',
  'real_sales_growth',
];
const NO_SOURCE =
  'needs a source the bundled data does not have, so it shows "No data source configured for this dataset" until a provider supplies it; values are never estimated.';

/** How every family is computed (the page help, spec part 2 section 2.12). */
export const FAMILY_HELP: Record<Sp500Family, string> = {
  pe_ratio: "Monthly average S&P 500 price divided by trailing twelve-month earnings per share (Shiller's E).",
  shiller_pe_ratio:
    "Shiller's cyclically adjusted PE (CAPE, the file's PE10): the real price divided by the average real earnings of the previous ten years (120 months). Starts in 1881.",
  earnings_yield: '100 x trailing twelve-month earnings per share / price, in percent (the inverse of the PE ratio).',
  div_yield: '100 x trailing twelve-month dividends per share / price, in percent.',
  div: 'Trailing twelve-month dividends per share in index dollars, as published (not inflation adjusted).',
  earnings: 'Trailing twelve-month earnings per share in index dollars, as published (not inflation adjusted).',
  real_price:
    "Shiller's Real Price column: the price in dollars of the file's latest month with a CPI reading (its last date in the CPI-based datasets).",
  infladj:
    'Price x CPI of the latest month with a CPI reading / CPI of the month, computed here from the CPI column (so it equals Real Price while both use the same base month).',
  div_growth:
    'Year-over-year percent change of trailing twelve-month dividends per share against the same month a year earlier.',
  earnings_growth:
    'Year-over-year percent change of trailing twelve-month earnings per share against the same month a year earlier.',
  real_earnings_growth:
    "Year-over-year percent change of Shiller's inflation-adjusted (real) earnings against the same month a year earlier.",
  bvps: `Book value per share ${NO_SOURCE}`,
  pbv_ratio: `Price to book value ${NO_SOURCE}`,
  psr: `Price to sales per share ${NO_SOURCE}`,
  sales: `Sales per share ${NO_SOURCE}`,
  real_sales: `Inflation-adjusted sales per share ${NO_SOURCE}`,
  sales_growth: `Sales growth ${NO_SOURCE}`,
  real_sales_growth: `Real sales growth ${NO_SOURCE}`,
};

export const PERIOD_HELP =
  'By Month = every month; by Quarter = the quarter-end months (March, June, September, December); by Year = the January value of each year. Change is the difference from the previous row, Change % that difference in percent of the previous value.';

export function Sp500Definitions() {
  return (
    <Card variant="outlined" component="section" aria-label="Definitions" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Definitions
      </Typography>
      <Typography variant="body2" color="text.secondary" component="div" data-testid="sp500-definitions">
        <p style={{ marginTop: 0 }}>
          {/* No dates here: they change with every update of the file; each dataset's own last date is in its chart note and table. */}
          Source: Robert Shiller&apos;s monthly S&amp;P 500 data. Its columns end at different months: prices run
          furthest, then CPI (and so the Shiller PE and the real series), then dividends and earnings, which are
          published with the longest lag. Each dataset therefore ends at the last month its inputs have real values: the
          months after that are missing, never zero. {PERIOD_HELP}
        </p>
        <dl style={{ margin: 0 }}>
          {(Object.keys(FAMILY_HELP) as Sp500Family[])
            .filter((f) => !WITHOUT_SOURCE.includes(f))
            .map((family) => (
              <div key={family} style={{ marginBottom: 4 }}>
                <dt style={{ display: 'inline', fontWeight: 600 }}>{SP500_FAMILY_LABELS[family]}: </dt>
                <dd style={{ display: 'inline', margin: 0 }}>{FAMILY_HELP[family]}</dd>
              </div>
            ))}
          <div>
            <dt style={{ display: 'inline', fontWeight: 600 }}>
              {WITHOUT_SOURCE.map((f) => SP500_FAMILY_LABELS[f]).join(', ')}:{' '}
            </dt>
            <dd style={{ display: 'inline', margin: 0 }}>each {NO_SOURCE}</dd>
          </div>
        </dl>
      </Typography>
    </Card>
  );
}
