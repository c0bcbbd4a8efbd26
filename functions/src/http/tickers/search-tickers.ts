import { defineHandler } from '../../lib/http.ts';
import { loadDirectory } from './directory-cache.ts';

export const handler = defineHandler('search_tickers', async ({ query }) => ({
  tickers: (await loadDirectory()).index.search(query.fragment),
}));
