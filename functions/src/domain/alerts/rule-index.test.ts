import { describe, expect, it } from 'vitest';
import { trade } from '../flow/test-trade.ts';
import { buildRuleIndex, matchTrade, ruleTickers, type MatchableRule } from './rule-index.ts';

const rule = (id: string, filters: MatchableRule['filters'], watchlistTickers?: string[]): MatchableRule => ({
  id,
  userId: `u-${id}`,
  name: id,
  filters,
  watchlistTickers: watchlistTickers ?? null,
});
const ticker = (...tickers: string[]) => ({ filter: 'Ticker' as const, selector: 'Equal' as const, tickers });
const premiumAtLeast = (v: string) => ({
  filter: 'Premium' as const,
  selector: 'Greater than equal' as const,
  value: v,
});

describe('rule index', () => {
  it('indexes rules under their tickers and keeps ticker-less ones apart', () => {
    const index = buildRuleIndex([
      rule('spy', [ticker('spy'), premiumAtLeast('100')]),
      rule('big', [premiumAtLeast('500')]),
      rule('tech', [ticker('AAPL', 'MSFT')]),
    ]);
    expect([...index.byTicker.keys()].sort()).toEqual(['AAPL', 'MSFT', 'SPY']);
    expect(index.tickerless.map((c) => c.rule.id)).toEqual(['big']);
    expect(index.size).toBe(3);
  });

  it('fires the rules whose filters the trade meets, each once', () => {
    const index = buildRuleIndex([
      rule('spy', [ticker('SPY'), premiumAtLeast('100')]),
      rule('big', [premiumAtLeast('500')]),
      rule('calls', [{ filter: 'Call/Put', selector: 'Equal', value: 'put' }]),
    ]);
    const ids = (t: ReturnType<typeof trade>) =>
      matchTrade(index, t)
        .map((c) => c.rule.id)
        .sort();
    expect(ids(trade({ ticker: 'SPY', cost_basis: 600 }))).toEqual(['big', 'spy']);
    expect(ids(trade({ ticker: 'SPY', cost_basis: 50 }))).toEqual([]);
    expect(ids(trade({ ticker: 'QQQ', cost_basis: 150, put_call: 'Put' }))).toEqual(['calls']);
  });

  it('does not test a trade against the rules of other tickers', () => {
    let calls = 0;
    const counting = rule('aapl', [ticker('AAPL')]);
    const index = buildRuleIndex([counting]);
    const compiled = index.byTicker.get('AAPL')![0]!;
    const original = compiled.predicate;
    compiled.predicate = (t) => {
      calls += 1;
      return original(t);
    };
    matchTrade(index, trade({ ticker: 'SPY' }));
    expect(calls).toBe(0);
    expect(matchTrade(index, trade({ ticker: 'AAPL' }))).toHaveLength(1);
    expect(calls).toBe(1);
  });

  it('limits a watchlist rule to the list, narrowed by a ticker filter', () => {
    expect(ruleTickers(rule('w', [], ['nvda', 'AMD']))).toEqual(['NVDA', 'AMD']);
    expect(ruleTickers(rule('w', [ticker('AMD', 'INTC')], ['NVDA', 'AMD']))).toEqual(['AMD']);
    const index = buildRuleIndex([rule('w', [premiumAtLeast('10')], ['NVDA'])]);
    expect(matchTrade(index, trade({ ticker: 'NVDA', cost_basis: 20 }))).toHaveLength(1);
    expect(matchTrade(index, trade({ ticker: 'AMD', cost_basis: 20 }))).toHaveLength(0);
  });

  it('marks a rule without filters as matching everything, and skips one that no longer compiles', () => {
    const index = buildRuleIndex([
      rule('all', []),
      rule('broken', [{ filter: 'Premium', selector: 'Greater than', value: 'lots' }]),
    ]);
    expect(index.size).toBe(1);
    expect(index.tickerless[0]!.matchesEverything).toBe(true);
  });
});
