import { z } from 'zod';
import { tickerParam } from './tickers.ts';
import { SHORT_INTEREST_TOPS } from '../params/short-interest.ts';
export * from '../params/short-interest.ts';

export const shortInterestQuery = z.strictObject({
  top: z.enum(SHORT_INTEREST_TOPS).default('float'),
});

/** One row of the latest settlement; field names are the spec's column labels. */
export const shortInterestRowSchema = z.object({
  Ticker: z.string(),
  /** Settlement date, YYYY-MM-DD. */
  Date: z.string(),
  'Short Interest': z.number(),
  'Average Volume': z.number().nullable(),
  /** Short interest / average daily volume; null when volume is zero or unknown. */
  'Days To Cover': z.number().nullable(),
  /** Short interest / shares outstanding x 100; null when the share count is unknown. */
  '%Float Short': z.number().nullable(),
});
export type ShortInterestRow = z.infer<typeof shortInterestRowSchema>;

export const shortInterestResponse = z.object({
  data: z.array(shortInterestRowSchema),
  schema: z.object({
    fields: z.array(z.object({ name: z.string(), type: z.enum(['string', 'date', 'integer', 'number']) })),
  }),
});
export type ShortInterestTable = z.infer<typeof shortInterestResponse>;

export const indShortInterestQuery = z.strictObject({ ticker: tickerParam });

/** The settlements of one ticker over the stored year, oldest first (empty when none). */
export const indShortInterestResponse = z.object({
  short_interest: z.array(z.object({ date: z.string(), short_interest: z.number() })),
});
export type IndShortInterest = z.infer<typeof indShortInterestResponse>;

/** The ticker's latest settlement; all null when the ticker has no short interest data. */
export const indShortInterestInfoResponse = z.object({
  'Short Interest': z.number().nullable(),
  'Days To Cover': z.number().nullable(),
  '%Float Short': z.number().nullable(),
});
export type IndShortInterestInfo = z.infer<typeof indShortInterestInfoResponse>;
