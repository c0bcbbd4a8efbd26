import type { IndShortInterest } from '../api/get-ind-short-interest.ts';
import type { ShortInterestTable, ShortInterestTableRow } from '../api/get-short-interest.ts';
import type { TickerPrices } from '../api/get-ticker-prices.ts';

const TICKERS = [
  'AAPL',
  'ADBE',
  'AMD',
  'AMGN',
  'AMZN',
  'AVGO',
  'CMCSA',
  'COST',
  'CSCO',
  'GOOGL',
  'INTC',
  'META',
  'MSFT',
  'NFLX',
  'NVDA',
  'PEP',
  'PYPL',
  'QCOM',
  'QQQ',
  'SBUX',
  'TMUS',
  'TSLA',
  'TXN',
  'ZM',
  'ZS',
];

/** 25 rows of a settlement with realistic magnitudes; ZS has no share count (%Float Short null). */
export const tableRows: ShortInterestTableRow[] = TICKERS.map((Ticker, i) => {
  const si = 10_000_000 + ((i * 7_919_113) % 90_000_000);
  const adv = 4_000_000 + ((i * 3_141_593) % 40_000_000);
  return {
    Ticker,
    Date: '2024-02-29',
    'Short Interest': si,
    'Average Volume': adv,
    'Days To Cover': Math.round((si / adv) * 100) / 100,
    '%Float Short': Ticker === 'ZS' ? null : Math.round((si / (1e9 + i * 3.7e8)) * 100 * 100) / 100,
  };
});

const FIELDS: ShortInterestTable['schema'] = {
  fields: [
    { name: 'Ticker', type: 'string' },
    { name: 'Date', type: 'date' },
    { name: 'Short Interest', type: 'integer' },
    { name: 'Average Volume', type: 'integer' },
    { name: 'Days To Cover', type: 'number' },
    { name: '%Float Short', type: 'number' },
  ],
};

type Field = 'Short Interest' | 'Days To Cover' | '%Float Short';
/** The server's ordering: descending by the field, nulls last. */
export function tableOrderedBy(field: Field): ShortInterestTable {
  const data = [...tableRows].sort((a, b) => (b[field] ?? -Infinity) - (a[field] ?? -Infinity));
  return { data, schema: FIELDS };
}

const sessions = (n: number): string[] => {
  const out: string[] = [];
  const d = new Date(Date.UTC(2024, 2, 8));
  while (out.length < n) {
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) out.unshift(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() - 1);
  }
  return out;
};

export function pricesOf(ticker: string): TickerPrices {
  const dates = sessions(60);
  return {
    ticker,
    dates,
    prices: dates.map((_, i) => Math.round((150 + i * 0.5) * 100) / 100),
    volume: dates.map(() => 50_000_000),
  };
}

export const series: IndShortInterest = {
  short_interest: [
    { date: '2023-12-15', short_interest: 101_000_000 }, // before the 60-session price window: dropped
    { date: '2024-01-12', short_interest: 110_500_000 },
    { date: '2024-01-31', short_interest: 108_250_000 },
    { date: '2024-02-15', short_interest: 112_000_000 },
    { date: '2024-02-29', short_interest: 115_750_000 },
  ],
};
