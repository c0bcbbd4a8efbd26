import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { parseCboeOptionChain } from '../providers/cboe/option-chain.ts';
import { fixtureJson } from '../providers/fixtures/load-fixture.ts';
import { ATM_IV_CORE, atmIvRowOf, atmIvUniverse } from './atm-iv.ts';

const entry = (symbol: string, kind: DirectoryEntry['kind'], member = false): DirectoryEntry => ({
  symbol,
  company: symbol,
  sector: '',
  industry: '',
  exchange: 'NYSE',
  kind,
  in_sp500: member,
  in_nasdaq100: false,
  shares_outstanding: null,
  shares_outstanding_is_estimate: false,
});

describe('the daily ATM IV job', () => {
  it('follows the listed core ETFs, the index members and the tickers traders asked for, each once', () => {
    const directory = [
      entry('SPY', 'etf'),
      entry('XLK', 'etf'),
      entry('AAPL', 'stock', true),
      entry('TSLA', 'stock'),
      entry('ZZZT', 'stock'),
      entry('VIX', 'index'),
    ];
    expect(atmIvUniverse(directory, ['TSLA', 'AAPL', 'VIX', 'GONE'])).toEqual(['SPY', 'XLK', 'AAPL', 'TSLA']);
    expect(ATM_IV_CORE).toEqual(expect.arrayContaining(['SPY', 'QQQ', 'IWM', 'XLK', 'XLE']));
  });

  it("reads the 30-day ATM IV of CBOE's real IWM chain of 2026-07-02 (its only expiration ahead is 15 days out)", () => {
    const report = parseCboeOptionChain(fixtureJson('cboe/IWM_cboe_delayed_quotes_wrapped_20260702_excerpt.json'));
    const row = atmIvRowOf(entry('IWM', 'etf'), report);
    expect(row).toMatchObject({ date: '2026-07-02', underlying_price: 296.57 });
    // CBOE's own IVs at the 2026-07-17 strikes around the price (296, 297) are 18.8-19.2%.
    expect(row!.atm_iv).toBeGreaterThan(0.185);
    expect(row!.atm_iv).toBeLessThan(0.195);
    expect(atmIvRowOf(entry('IWM', 'etf'), { ...report, underlyingPrice: null })).toBeNull();
    expect(atmIvRowOf(entry('IWM', 'etf'), { ...report, rows: [] })).toBeNull();
  });
});
