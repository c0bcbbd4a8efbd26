import { z } from 'zod';
import { tickerParam } from './tickers.ts';
import { DARK_POOL_TOP_COLUMNS } from '../params/dark-pools.ts';
export * from '../params/dark-pools.ts';

const nullableNumber = z.number().nullable();

export const darkPoolDataQuery = z.strictObject({
  top: z.enum(DARK_POOL_TOP_COLUMNS).default('Dark Pools Position $'),
  minmax: z.enum(['asc', 'desc']).default('desc'),
});

/** One ticker on the latest FINRA date. Short Volume % is a percent (0-100). */
export const darkPoolRowSchema = z.object({
  Ticker: z.string(),
  Date: z.string(),
  'Short Volume': z.number(),
  'Short Volume %': nullableNumber,
  'Net Short Volume': z.number(),
  'Net Short Volume $': nullableNumber,
  'Dark Pools Position': nullableNumber,
  'Dark Pools Position $': nullableNumber,
});
export type DarkPoolRow = z.infer<typeof darkPoolRowSchema>;

export const darkPoolDataResponse = z.object({
  as_of: z.string(),
  top: z.enum(DARK_POOL_TOP_COLUMNS),
  minmax: z.enum(['asc', 'desc']),
  data: z.array(darkPoolRowSchema),
});
export type DarkPoolData = z.infer<typeof darkPoolDataResponse>;

export const darkPoolIndividualQuery = z.strictObject({ ticker: tickerParam });

/** One FINRA row of the per-ticker table, with the spec's field names. */
export const darkPoolTableRowSchema = z.object({
  ticker: z.string(),
  date: z.string(),
  short_volume: z.number(),
  'short_volume%': nullableNumber,
  short_exempt_volume: z.number(),
  total_volume: z.number(),
  market: z.string(),
});
export type DarkPoolTableRow = z.infer<typeof darkPoolTableRowSchema>;

/**
 * A ticker's stored year, oldest first. All series share `dates` (the FINRA dates); a price is
 * null where no close is stored for that date, a position is null until 20 days are available.
 */
export const darkPoolIndividualResponse = z.object({
  ticker: z.string(),
  as_of: z.string().nullable(),
  prices: z.object({ dates: z.array(z.string()), prices: z.array(nullableNumber) }),
  individual_short_volume: z.object({
    dates: z.array(z.string()),
    total_volume: z.array(z.number()),
    short_volume: z.array(z.number()),
    net_volume: z.array(z.number()),
    'short_volume%': z.array(nullableNumber),
  }),
  individual_dark_pool_position_data: z.object({
    dates: z.array(z.string()),
    dollar_dp_position: z.array(nullableNumber),
    dollar_net_volume: z.array(nullableNumber),
    dp_position: z.array(nullableNumber),
  }),
  individual_short_volume_table: z.object({ data: z.array(darkPoolTableRowSchema) }),
});
export type DarkPoolIndividual = z.infer<typeof darkPoolIndividualResponse>;
