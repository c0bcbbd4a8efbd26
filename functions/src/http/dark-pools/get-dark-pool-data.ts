import { defineHandler } from '../../lib/http.ts';
import { darkPoolTable } from './dark-pool-cache.ts';

export const handler = defineHandler('get_dark_pool_data', async ({ query }) => darkPoolTable(query.top, query.minmax));
