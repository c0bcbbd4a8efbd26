import { compileFilters, equalTickers, type TradePredicate } from '@tapewatch/shared/flow/filters';
import type { FlowFilter, FlowTrade } from '@tapewatch/shared/schemas/flow';

/** An active rule as the matcher needs it; `watchlistTickers` is the resolved list when the rule names one. */
export interface MatchableRule {
  id: string;
  userId: string;
  name: string;
  filters: readonly FlowFilter[];
  watchlistTickers?: readonly string[] | null;
}

export interface CompiledRule {
  rule: MatchableRule;
  predicate: TradePredicate;
  /** No filter applies and no watchlist limits it: every trade matches (its emails are digests only). */
  matchesEverything: boolean;
}

/**
 * Active rules indexed by ticker, plus the list of rules that name no ticker. A trade is tested
 * only against the rules of its own ticker and the ticker-less ones, so the cost per trade follows
 * how many rules could match it, not how many users there are.
 */
export interface RuleIndex {
  byTicker: ReadonlyMap<string, readonly CompiledRule[]>;
  tickerless: readonly CompiledRule[];
  size: number;
}

/** The tickers a rule is limited to: its Equal Ticker filter, narrowed by its watchlist (null = any). */
export function ruleTickers(rule: MatchableRule): string[] | null {
  const fromFilter = equalTickers(rule.filters);
  const fromList = rule.watchlistTickers ? [...new Set(rule.watchlistTickers.map((t) => t.toUpperCase()))] : null;
  if (fromFilter && fromList) return fromFilter.filter((t) => fromList.includes(t));
  return fromFilter ?? fromList;
}

export function compileRule(rule: MatchableRule): CompiledRule | null {
  const compiled = compileFilters(rule.filters.map((f) => ({ ...f, value: f.value ?? null })));
  // A stored rule was validated on save; one that no longer compiles is skipped rather than matching all.
  if (compiled.errors.length > 0) return null;
  const list = rule.watchlistTickers ? new Set(rule.watchlistTickers.map((t) => t.toUpperCase())) : null;
  const predicate: TradePredicate = list
    ? (t) => list.has(t.ticker.toUpperCase()) && compiled.predicate(t)
    : compiled.predicate;
  return { rule, predicate, matchesEverything: compiled.active === 0 && !list };
}

export function buildRuleIndex(rules: readonly MatchableRule[]): RuleIndex {
  const byTicker = new Map<string, CompiledRule[]>();
  const tickerless: CompiledRule[] = [];
  let size = 0;
  for (const rule of rules) {
    const compiled = compileRule(rule);
    if (!compiled) continue;
    size += 1;
    const tickers = ruleTickers(rule);
    if (tickers === null) {
      tickerless.push(compiled);
      continue;
    }
    // An empty list (a watchlist without the filter's tickers) can never match: indexed nowhere.
    for (const t of tickers) {
      const list = byTicker.get(t);
      if (list) list.push(compiled);
      else byTicker.set(t, [compiled]);
    }
  }
  return { byTicker, tickerless, size };
}

/** The rules a trade fires, each at most once. */
export function matchTrade(index: RuleIndex, trade: FlowTrade): CompiledRule[] {
  const out: CompiledRule[] = [];
  const own = index.byTicker.get(trade.ticker.toUpperCase());
  if (own) for (const c of own) if (c.predicate(trade)) out.push(c);
  for (const c of index.tickerless) if (c.predicate(trade)) out.push(c);
  return out;
}
