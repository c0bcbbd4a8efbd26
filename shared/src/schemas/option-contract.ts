import { z } from 'zod';
import { parseOccSymbol } from '../options/occ-symbol.ts';
import { FILLS } from '../params/flow.ts';
import { closeBasis } from './tickers.ts';

/** Sessions the contract page covers, today included: its daily history and its prints. */
export const CONTRACT_WINDOW_SESSIONS = 21;

const OCC_MESSAGE = 'expected an OCC option symbol such as SPY240315C00510000';

/** `symbol`: a compact OCC symbol (root, YYMMDD, C/P, strike x 1000 in 8 digits); case and spaces ignored. */
export const optionContractQuery = z.strictObject({
  symbol: z
    .string()
    .max(40, OCC_MESSAGE)
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .refine((s) => {
      const o = parseOccSymbol(s);
      // A symbol's date must be a calendar day (no 2024-02-31).
      if (o === null || !(o.strike > 0)) return false;
      const t = Date.parse(`${o.expiry}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === o.expiry;
    }, OCC_MESSAGE),
});

/** The contract at one session's close: the figures of its option chain row (IV and delta of the mid). */
export const contractDaySchema = z.object({
  date: z.string(),
  underlying_price: z.number(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  mid: z.number().nullable(),
  volume: z.number().nullable(),
  open_interest: z.number().nullable(),
  iv: z.number().nullable(),
  delta: z.number().nullable(),
});
export type ContractDay = z.infer<typeof contractDaySchema>;

/**
 * Who a print's side was: at or above the ask it was bought, at or below the bid sold; between the
 * two (mid prints) the side is unknown, so the print has no P&L.
 */
export const PRINT_SIDES = ['bought', 'sold', 'unknown'] as const;
export type PrintSideName = (typeof PRINT_SIDES)[number];

export const contractPrintSchema = z.object({
  key: z.string(),
  date: z.string(),
  time: z.string(),
  price: z.number(),
  size: z.number().int(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  fill: z.enum(FILLS),
  /** Premium in thousands of dollars (cost basis), like the flow trades. */
  cost_basis: z.number(),
  side: z.enum(PRINT_SIDES),
  /**
   * Dollars since the print: (today's mid - price) x size x 100, positive for the buyer when the
   * price rose, negative for the seller; null for an unknown side or without today's mid.
   */
  pnl: z.number().nullable(),
});
export type ContractPrint = z.infer<typeof contractPrintSchema>;

export const optionContractResponse = z.object({
  symbol: z.string(),
  ticker: z.string(),
  type: z.enum(['call', 'put']),
  strike: z.number(),
  expiration: z.string(),
  /** Calendar days to expiry from today. */
  dte: z.number().int(),
  /** The chain the page's "today" comes from: 'YYYY-MM-DD HH:mm:ss' New York. */
  as_of: z.string(),
  /** The scale of the strike and the underlying prices (option-chain.ts: a demo ETF's is dividend-adjusted). */
  price_basis: closeBasis,
  /** Today: the contract's row of the current option chain (the Option Chain page's figures). */
  today: contractDaySchema,
  /**
   * Earlier sessions of the window, oldest first. Null when the data source cannot give a past
   * session's chain (live mode stores no contract history): `history_note` says so.
   */
  history: z.array(contractDaySchema).nullable(),
  history_note: z.string().nullable(),
  /** The window's prints of this contract (today and the sessions before), newest first. */
  prints: z.array(contractPrintSchema),
  /** Sum of the prints' P&L (sided prints only), dollars. */
  pnl_total: z.number(),
  /** The first session of the window (prints and history start there). */
  from: z.string(),
});
export type OptionContractData = z.infer<typeof optionContractResponse>;
