import { defineHandler } from '../../lib/http.ts';
import { latestTable } from './short-interest-cache.ts';

/** The latest settlement's table, ordered by the chosen field (precomputed by the ingest job). */
export const handler = defineHandler(
  'get_short_interest',
  async ({ query }) => (await latestTable()).bodies[query.top],
);
