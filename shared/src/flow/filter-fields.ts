/**
 * Filter fields and selectors of spec part 2 section 2.5.1, plus Price and Size (mapped in the
 * original but not offered). Kept free of zod so the browser bundle can import them cheaply.
 */
export const FLOW_FIELDS = [
  'Time',
  'Ticker',
  'Call/Put',
  'Strike',
  'DTE',
  'Fill',
  'Type',
  'Open Interest',
  'Volume',
  'Score',
  'Premium',
  'Sentiment',
  'Price',
  'Size',
  'Spread',
] as const;
export type FlowField = (typeof FLOW_FIELDS)[number];

export const FLOW_SELECTORS = [
  'Equal',
  'Greater than',
  'Greater than equal',
  'Smaller than',
  'Smaller than equal',
] as const;
export type FlowSelector = (typeof FLOW_SELECTORS)[number];

/** `spread`: Equal Yes keeps only the legs of multi-leg orders, Equal No leaves them out (issue 39 item 3). */
export type FieldKind = 'time' | 'tickers' | 'text' | 'number' | 'spread';

/** Which trade attribute each field reads. Premium is cost_basis (thousands of $), not Sentiment. */
export const FIELD_DEFS: Readonly<Record<FlowField, { kind: FieldKind; attr: string }>> = {
  Time: { kind: 'time', attr: 'time' },
  Ticker: { kind: 'tickers', attr: 'ticker' },
  'Call/Put': { kind: 'text', attr: 'put_call' },
  Strike: { kind: 'number', attr: 'strike_price' },
  DTE: { kind: 'number', attr: 'DTE' },
  Fill: { kind: 'text', attr: 'fill' },
  Type: { kind: 'text', attr: 'option_activity_type' },
  'Open Interest': { kind: 'number', attr: 'open_interest' },
  Volume: { kind: 'number', attr: 'volume' },
  Score: { kind: 'number', attr: 'score' },
  Premium: { kind: 'number', attr: 'cost_basis' },
  Sentiment: { kind: 'text', attr: 'sentiment' },
  Price: { kind: 'number', attr: 'price' },
  Size: { kind: 'number', attr: 'size' },
  // Every leg carries a multi-leg condition (the demo's also share an order id).
  Spread: { kind: 'spread', attr: 'conditions' },
};
