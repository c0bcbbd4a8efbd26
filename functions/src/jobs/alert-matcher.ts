import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { AlertRulesRepository, type StoredAlertRule } from '../data/alert-rules-repository.ts';
import { WatchlistsRepository } from '../data/watchlists-repository.ts';
import {
  buildRuleIndex,
  matchTrade,
  type CompiledRule,
  type MatchableRule,
  type RuleIndex,
} from '../domain/alerts/rule-index.ts';
import { errorFields, log } from '../lib/log.ts';

/** How often a container asks whether the rules changed (one GetItem); a changed rule applies within this. */
export const RULES_RECHECK_MS = 1000;

export interface RuleMatch {
  compiled: CompiledRule;
  trade: FlowTrade;
}

/**
 * The active rules of every user as an in-memory index, per ingest container. It is rebuilt when
 * the rules' version item changes (every rule write bumps it), checked at most once a second, so a
 * trade costs a map lookup plus the rules of its ticker and the ticker-less ones.
 */
export class AlertMatcher {
  private index: RuleIndex = buildRuleIndex([]);
  private stored = new Map<string, StoredAlertRule>();
  private version = -1;
  private checkedAt = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly recheckMs = RULES_RECHECK_MS,
  ) {}

  get size(): number {
    return this.index.size;
  }

  rule(userId: string, ruleId: string): StoredAlertRule | undefined {
    return this.stored.get(`${userId}#${ruleId}`);
  }

  async refresh(force = false): Promise<void> {
    if (!force && Date.now() - this.checkedAt < this.recheckMs) return;
    this.refreshing ??= this.reload().finally(() => {
      this.refreshing = null;
    });
    await this.refreshing;
  }

  private async reload(): Promise<void> {
    const repo = new AlertRulesRepository(this.db);
    const version = await repo.version();
    this.checkedAt = Date.now();
    if (version === this.version) return;
    const rules = (await repo.listAll()).filter((r) => r.status === 'active');
    // A watchlist rule follows the list as it is now: a ticker edit of a targeted list bumps the version too.
    const lists = new Map<string, Map<string, string[]>>();
    const watchlists = new WatchlistsRepository(this.db);
    await Promise.all(
      [...new Set(rules.filter((r) => r.watchlistId).map((r) => r.userId))].map(async (userId) => {
        const { lists: stored } = await watchlists.read(userId);
        lists.set(userId, new Map(stored.map((l) => [l.id, l.tickers])));
      }),
    );
    const matchable: MatchableRule[] = rules.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: r.name,
      filters: r.filters,
      watchlistTickers: r.watchlistId ? (lists.get(r.userId)?.get(r.watchlistId) ?? []) : null,
    }));
    this.index = buildRuleIndex(matchable);
    this.stored = new Map(rules.map((r) => [`${r.userId}#${r.id}`, r]));
    this.version = version;
    log.info('alert rules loaded', { rules: this.index.size, version });
  }

  /** The matches of a batch of trades; the index is refreshed first when due (a failed refresh keeps the old one). */
  async match(trades: readonly FlowTrade[]): Promise<RuleMatch[]> {
    await this.refresh().catch((err: unknown) => log.error('alert rules refresh failed', errorFields(err)));
    return this.matchNow(trades);
  }

  matchNow(trades: readonly FlowTrade[]): RuleMatch[] {
    const out: RuleMatch[] = [];
    for (const trade of trades) for (const compiled of matchTrade(this.index, trade)) out.push({ compiled, trade });
    return out;
  }
}
