// Options flow constants (schemas/flow.ts holds the wire shapes).
// No zod here: the web imports these without the validation library.

export const FILLS = ['Above Ask', 'Ask', 'Mid', 'Bid', 'Below Bid'] as const;
export type Fill = (typeof FILLS)[number];
export const SENTIMENTS = ['Bullish', 'Bearish', 'Neutral'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const EARLIEST_FLOW_DATE = '2019-01-01';
export const MAX_HISTORICAL_ROWS = 10_000;
