import { notOptionable, volatilitySummary } from '../../domain/volatility/volatility-data.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireTicker } from '../tickers/directory-cache.ts';
import { chainAnswer, chainReportOf, pricedChain } from './chain-source.ts';
import { chainExpirations } from '../../domain/option-chain/chain-view.ts';
import { ivYearOf } from './iv-history.ts';

/**
 * The quote panel's options line. Cheap on purpose: the IV year is kept per ticker and day, and the
 * nearest expiration is cut from the whole chain when that is priced, else priced alone.
 */
export const handler = defineHandler('get_volatility_summary', async ({ query }) => {
  const entry = await requireTicker(query.ticker);
  if (entry.kind === 'index') return notOptionable(entry.symbol);
  const report = await chainReportOf(entry);
  const nearest = report.asOf ? chainExpirations({ asOf: report.asOf, quotes: report.rows })[0] : undefined;
  if (!nearest || !report.asOf) return notOptionable(entry.symbol);
  const [next, year] = await Promise.all([
    chainAnswer(entry, nearest.expiration),
    // Live mode ranks the whole chain's 30-day ATM IV (priced once per 15-minute snapshot) against the stored days.
    ivYearOf(entry, report.asOf.slice(0, 10), () => pricedChain(entry)),
  ]);
  return volatilitySummary({ next, ivHistory: year?.ivHistory ?? null });
});
