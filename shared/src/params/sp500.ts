// S&P 500 statistics datasets, labels and units (schemas/sp500.ts holds the wire shapes).
// No zod here: the web imports these without the validation library.

/** Families published by month and by year (spec part 2 section 2.12). */
export const SP500_MONTHLY_FAMILIES = [
  'shiller_pe_ratio',
  'pe_ratio',
  'earnings_yield',
  'div_yield',
  'div',
  'earnings',
  'real_price',
  'infladj',
] as const;

/** Families published by quarter and by year. */
export const SP500_QUARTERLY_FAMILIES = [
  'div_growth',
  'earnings_growth',
  'real_earnings_growth',
  'bvps',
  'pbv_ratio',
  'psr',
  'sales',
  'real_sales',
  'sales_growth',
  'real_sales_growth',
] as const;

export type Sp500Family = (typeof SP500_MONTHLY_FAMILIES)[number] | (typeof SP500_QUARTERLY_FAMILIES)[number];
export type Sp500Period = 'month' | 'quarter' | 'year';

/** The 36 dataset ids, written out so the zod enum names every accepted value. */
export const SP500_DATASETS = [
  'sp500_shiller_pe_ratio_month',
  'sp500_shiller_pe_ratio_year',
  'sp500_pe_ratio_month',
  'sp500_pe_ratio_year',
  'sp500_earnings_yield_month',
  'sp500_earnings_yield_year',
  'sp500_div_yield_month',
  'sp500_div_yield_year',
  'sp500_div_month',
  'sp500_div_year',
  'sp500_earnings_month',
  'sp500_earnings_year',
  'sp500_real_price_month',
  'sp500_real_price_year',
  'sp500_infladj_month',
  'sp500_infladj_year',
  'sp500_div_growth_quarter',
  'sp500_div_growth_year',
  'sp500_earnings_growth_quarter',
  'sp500_earnings_growth_year',
  'sp500_real_earnings_growth_quarter',
  'sp500_real_earnings_growth_year',
  'sp500_bvps_quarter',
  'sp500_bvps_year',
  'sp500_pbv_ratio_quarter',
  'sp500_pbv_ratio_year',
  'sp500_psr_quarter',
  'sp500_psr_year',
  'sp500_sales_quarter',
  'sp500_sales_year',
  'sp500_real_sales_quarter',
  'sp500_real_sales_year',
  'sp500_sales_growth_quarter',
  'sp500_sales_growth_year',
  'sp500_real_sales_growth_quarter',
  'sp500_real_sales_growth_year',
] as const;

export type Sp500Dataset = (typeof SP500_DATASETS)[number];
export const SP500_DEFAULT_DATASET: Sp500Dataset = 'sp500_pe_ratio_month';

export const SP500_FAMILY_LABELS: Record<Sp500Family, string> = {
  shiller_pe_ratio: 'Shiller PE Ratio',
  pe_ratio: 'PE Ratio',
  earnings_yield: 'Earnings Yield',
  div_yield: 'Dividend Yield',
  div: 'Dividend',
  earnings: 'Earnings',
  real_price: 'Real Price',
  infladj: 'Inflation Adjusted Price',
  div_growth: 'Dividend Growth',
  earnings_growth: 'Earnings Growth',
  real_earnings_growth: 'Real Earnings Growth',
  bvps: 'Book Value per Share',
  pbv_ratio: 'Price to Book Value',
  psr: 'Price to Sales Ratio',
  sales: 'Sales',
  real_sales: 'Real Sales',
  sales_growth: 'Sales Growth',
  real_sales_growth: 'Real Sales Growth',
};

/** How values are shown: a plain ratio, a percent, or US dollars (per share / index points). */
export const SP500_FAMILY_UNITS: Record<Sp500Family, 'ratio' | 'percent' | 'usd'> = {
  shiller_pe_ratio: 'ratio',
  pe_ratio: 'ratio',
  earnings_yield: 'percent',
  div_yield: 'percent',
  div: 'usd',
  earnings: 'usd',
  real_price: 'usd',
  infladj: 'usd',
  div_growth: 'percent',
  earnings_growth: 'percent',
  real_earnings_growth: 'percent',
  bvps: 'usd',
  pbv_ratio: 'ratio',
  psr: 'ratio',
  sales: 'usd',
  real_sales: 'usd',
  sales_growth: 'percent',
  real_sales_growth: 'percent',
};

const PERIOD_LABEL: Record<Sp500Period, string> = { month: 'Month', quarter: 'Quarter', year: 'Year' };

export function parseSp500Dataset(id: Sp500Dataset): { family: Sp500Family; period: Sp500Period } {
  const m = /^sp500_(.+)_(month|quarter|year)$/.exec(id)!;
  return { family: m[1] as Sp500Family, period: m[2] as Sp500Period };
}

/** "S&P 500 PE Ratio by Month". */
export function sp500DatasetLabel(id: Sp500Dataset): string {
  const { family, period } = parseSp500Dataset(id);
  return `S&P 500 ${SP500_FAMILY_LABELS[family]} by ${PERIOD_LABEL[period]}`;
}

export const SP500_NO_DATA_MESSAGE = 'No data source configured for this dataset';
