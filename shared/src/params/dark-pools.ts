// Dark Pools parameters (schemas/dark-pools.ts validates the query).
// No zod here: the web imports these without the validation library.

/** The six columns the table can be ordered by, with the spec's display names (part 1 section 7). */
export const DARK_POOL_TOP_COLUMNS = [
  'Short Volume',
  'Short Volume %',
  'Net Short Volume',
  'Net Short Volume $',
  'Dark Pools Position',
  'Dark Pools Position $',
] as const;
export type DarkPoolTopColumn = (typeof DARK_POOL_TOP_COLUMNS)[number];

/** Trading days summed into the dark pool position (spec section 9). */
export const DARK_POOL_POSITION_DAYS = 20;
