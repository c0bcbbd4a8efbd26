// Short Interest parameters (schemas/short-interest.ts validates the query).
// No zod here: the web imports these without the validation library.

/** The three 'Select max' orderings of the table: by shares short, days to cover or % of float. */
export const SHORT_INTEREST_TOPS = ['short', 'days', 'float'] as const;
export type ShortInterestTop = (typeof SHORT_INTEREST_TOPS)[number];

/** The table column each `top` orders by (descending, nulls last). */
export const SHORT_INTEREST_TOP_FIELD = {
  short: 'Short Interest',
  days: 'Days To Cover',
  float: '%Float Short',
} as const satisfies Record<ShortInterestTop, string>;

export const NASDAQ_ONLY_MESSAGE = 'Short interest is only available for NASDAQ stocks and ETFs.';
