import type {
  HighOiLeapsResponse,
  IndexMetricsResponse,
  IndexQuotesResponse,
  LargestFlowResponse,
  OverAvgResponse,
  SectorInflowResponse,
} from '@tapewatch/shared/schemas/flow-dashboard';
import type { OtmTrade } from '@tapewatch/shared/schemas/flow';
import { trade } from '../../../components/flow/test-trades.ts';

/** Dashboard answers for the component tests: one day (2024-03-08) and its week. */
export const DAY = '2024-03-08';

export const quotes: IndexQuotesResponse = {
  date: DAY,
  data: [
    {
      ticker: 'SPY',
      latestPrice: 512.34,
      change: 1.25,
      changePercent: 0.2446,
      source: 'flow',
      previousClose: 511.09,
      close_basis: 'dividend_adjusted',
    },
    {
      ticker: 'QQQ',
      latestPrice: 440.1,
      change: -3.03,
      changePercent: -0.6838,
      source: 'close',
      previousClose: 443.13,
      close_basis: 'dividend_adjusted',
    },
    {
      ticker: 'IWM',
      latestPrice: 205,
      change: 0,
      changePercent: 0,
      source: 'close',
      previousClose: 205,
      close_basis: 'as_traded',
    },
  ],
};

export const metrics: IndexMetricsResponse = {
  date: DAY,
  data: [
    { ticker: 'SPY', call_premiums: 12345.6, put_premiums: 9876.4, call_flow: 1234, put_flow: 987 },
    { ticker: 'QQQ', call_premiums: 450, put_premiums: 1200, call_flow: 45, put_flow: 120 },
    { ticker: 'IWM', call_premiums: 0, put_premiums: 0, call_flow: 0, put_flow: 0 },
  ],
};

export const largest: LargestFlowResponse = {
  date: DAY,
  week_from: '2024-03-04',
  daily: [
    ['TSLA', 2500, 'CALL', 200, '2024-06-21', 'Bullish', 1],
    ['AAPL', 900, 'PUT', 170, '2024-04-19', 'Bearish', 0.6],
    ['TSLA', 625, 'PUT', 180, '2024-03-15', 'Neutral', 0.5],
  ],
  weekly: [
    ['NVDA', 4000, 'CALL', 900, '2024-09-20', 'Bullish', 1],
    ['TSLA', 2500, 'CALL', 200, '2024-06-21', 'Bullish', 0.791],
  ],
};

export const sectors: SectorInflowResponse = {
  date: DAY,
  week_from: '2024-03-04',
  daily: {
    sectors: ['Information Technology', 'Energy'],
    calls: [3000, 100],
    puts: [1000, 400.4],
    net: [2000, -300.4],
  },
  weekly: { sectors: ['Financials'], calls: [5000], puts: [1000], net: [4000] },
};

export const otmRows: OtmTrade[] = Array.from({ length: 14 }, (_, i) => ({
  ...trade({
    key: `o${i}`,
    ticker: i === 3 ? 'AAPL' : `T${String(i).padStart(2, '0')}`,
    strike_price: 100 + i,
    cost_basis: 10 * (i + 1),
  }),
  otm: 20 + i * 3,
}));

export const leaps: HighOiLeapsResponse = {
  date: DAY,
  data: [
    trade({ key: 'l1', ticker: 'MSFT', DTE: 400, open_interest: 5000, cost_basis: 120 }),
    trade({ key: 'l2', ticker: 'AAPL', DTE: 650, open_interest: 9000, cost_basis: 80, put_call: 'Put' }),
  ],
};

export const premiums: OverAvgResponse = {
  date: DAY,
  average_from: '2024-02-08',
  average_to: '2024-03-07',
  calls: { tickers: ['AMD', 'AAPL'], average: [100, 50], current: [800, 300] },
  puts: { tickers: ['XOM'], average: [40], current: [200] },
};

export const volume: OverAvgResponse = {
  date: DAY,
  average_from: '2024-02-08',
  average_to: '2024-03-07',
  calls: { tickers: ['PLTR'], average: [1234.4], current: [15000] },
  puts: { tickers: [], average: [], current: [] },
};

export const EMPTY = {
  metrics: {
    date: null,
    data: metrics.data.map((r) => ({ ...r, call_premiums: 0, put_premiums: 0, call_flow: 0, put_flow: 0 })),
  },
  largest: { date: null, week_from: null, daily: [], weekly: [] },
  sectors: {
    date: null,
    week_from: null,
    daily: { sectors: [], calls: [], puts: [], net: [] },
    weekly: { sectors: [], calls: [], puts: [], net: [] },
  },
  leaps: { date: null, data: [] },
  overAvg: {
    date: null,
    average_from: null,
    average_to: null,
    calls: { tickers: [], average: [], current: [] },
    puts: { tickers: [], average: [], current: [] },
  },
} as const;
