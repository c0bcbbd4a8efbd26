/**
 * Writes the real series of the ARIMA reference suite (functions/src/analytics/fixtures/arima-real-series.json)
 * from the committed demo bundle, cut at the demo as-of date 2024-03-08 like the ARIMA page: the last
 * 500 daily closes (prices, log prices, log returns in percent) and the last 300 months of Shiller's
 * S&P 500. `reference.py` then fits them with statsmodels. Run: npx tsx scripts/arima-reference/extract-series.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readBundle } from '../demo-data/load-demo.ts';
import { BUNDLE_DIR } from '../demo-data/bundle-format.ts';
import { readStocks } from '../demo-data/universe.ts';

const WINDOW = 500;
/** Issue 36 item 4 (the reviewer's search cases): 500 observations each, returns from 501 closes. */
const RETURN_WINDOW = WINDOW + 1;
const OUT = join(import.meta.dirname, '../../functions/src/analytics/fixtures/arima-real-series.json');
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

const closes = new Map<string, number[]>();
for (const [t, s] of readBundle().series) closes.set(t, s.close.slice(-RETURN_WINDOW));
for (const s of readStocks())
  if (['FFIV', 'AAPL', 'XOM', 'JPM', 'TSLA', 'MSFT'].includes(s.ticker))
    closes.set(s.ticker, s.series.close.slice(-RETURN_WINDOW));

/** The last `count` closes of ticker t. */
const get = (t: string, count = WINDOW) => {
  const c = closes.get(t);
  if (!c || c.length < count) throw new Error(`no ${count} closes for ${t}`);
  return c.slice(-count);
};
const logs = (x: number[]) => x.map((v) => r6(Math.log(v)));
const returns = (x: number[]) => x.slice(1).map((v, i) => r6(100 * Math.log(v / x[i]!)));

const shiller = gunzipSync(readFileSync(join(BUNDLE_DIR, 'shiller-sp500-monthly.csv.gz')))
  .toString('utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split(','))
  .filter((c) => c[0]! <= '2024-03-01');
const shillerPrice = shiller.slice(-300).map((c) => Number(c[1]));

const series: Record<string, { description: string; values: number[] }> = {
  spy: { description: 'SPY daily close, last 500 sessions to 2024-03-08', values: get('SPY') },
  spy_log: { description: 'log SPY daily close', values: logs(get('SPY')) },
  spy_ret: { description: '100 x SPY daily log return', values: returns(get('SPY')) },
  qqq_ret: { description: '100 x QQQ daily log return', values: returns(get('QQQ')) },
  xlk: { description: 'XLK daily close', values: get('XLK') },
  xle: { description: 'XLE daily close', values: get('XLE') },
  vix: { description: 'VIX daily close', values: get('VIX') },
  ffiv: { description: 'FFIV daily close (split-adjusted as traded)', values: get('FFIV') },
  aapl: { description: 'AAPL daily close (split-adjusted as traded)', values: get('AAPL') },
  xom_ret: { description: '100 x XOM daily log return', values: returns(get('XOM')) },
  jpm_ret: {
    description: '100 x JPM daily log return, last 500 to 2024-03-08',
    values: returns(get('JPM', RETURN_WINDOW)),
  },
  tsla_ret: {
    description: '100 x TSLA daily log return, last 500 to 2024-03-08',
    values: returns(get('TSLA', RETURN_WINDOW)),
  },
  iwm: { description: 'IWM daily close', values: get('IWM') },
  msft: { description: 'MSFT daily close (split-adjusted as traded)', values: get('MSFT') },
  shiller_log: { description: 'log Shiller S&P 500 monthly price, 300 months to 2024-03', values: logs(shillerPrice) },
};
writeFileSync(
  OUT,
  `${JSON.stringify({ asOf: '2024-03-08', source: 'scripts/demo-data/bundle (see PROVENANCE.md)', series })}\n`,
);
console.log(`wrote ${OUT}`);
