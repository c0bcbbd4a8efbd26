import { randomBytes } from 'node:crypto';
import {
  ALERT_LIMITS,
  activeLimitMessage,
  PLAN_PAUSED_MESSAGE,
  type PauseReason,
} from '@tapewatch/shared/alerts/limits';
import { DEFAULT_WATCHLIST_ID } from '@tapewatch/shared/watchlists/limits';
import type { AlertRule, AlertRuleInput, AlertRulesResponse } from '@tapewatch/shared/schemas/alerts';
import {
  AlertRulesChangingError,
  AlertRulesRepository,
  type StoredAlertRule,
} from '../../data/alert-rules-repository.ts';
import { documentClient } from '../../data/client.ts';
import { WatchlistsRepository } from '../../data/watchlists-repository.ts';
import { isSubscriber } from '../../lib/auth-guard.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';

const repo = (): AlertRulesRepository => new AlertRulesRepository(documentClient());

export function wireRule(r: StoredAlertRule): AlertRule {
  return {
    id: r.id,
    name: r.name,
    filters: r.filters,
    watchlist_id: r.watchlistId,
    status: r.status,
    paused_reason: r.pausedReason,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

const notFound = (): NotFoundError =>
  new NotFoundError('This alert no longer exists. Reload the page to see your alerts.');

async function assertWatchlist(userId: string, id: string | null | undefined): Promise<void> {
  if (!id || id === DEFAULT_WATCHLIST_ID) return;
  const { lists } = await new WatchlistsRepository(documentClient()).read(userId);
  if (!lists.some((l) => l.id === id))
    throw new NotFoundError('The watchlist this alert names no longer exists. Choose another one.');
}

/** The user's rules; a user who is no longer a subscriber has the active ones paused (reason: plan). */
export async function listRules(userId: string, subscription: string): Promise<AlertRulesResponse> {
  let rules = await repo().listForUser(userId);
  const lapsed = !isSubscriber(subscription);
  if (lapsed && rules.some((r) => r.status === 'active')) {
    await pauseAllForPlan(userId, rules);
    rules = await repo().listForUser(userId);
  }
  return {
    rules: rules.map(wireRule),
    limits: { activeRules: ALERT_LIMITS.activeRules, storedRules: ALERT_LIMITS.storedRules },
    plan_message: lapsed && rules.some((r) => r.pausedReason === 'plan') ? PLAN_PAUSED_MESSAGE : null,
  };
}

export async function pauseAllForPlan(userId: string, rules: readonly StoredAlertRule[]): Promise<number> {
  let paused = 0;
  for (const rule of rules) {
    if (rule.status !== 'active') continue;
    await setStatus(userId, rule.id, 'paused', 'plan');
    paused += 1;
  }
  return paused;
}

/** A write that kept losing races (another tab changing the same rules) is a 409 the user can retry. */
async function conflictOnRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof AlertRulesChangingError)
      throw new ConflictError('Your alerts changed in another window. Reload the page and try again.');
    throw err;
  }
}

export async function createRule(userId: string, input: AlertRuleInput): Promise<AlertRule> {
  await assertWatchlist(userId, input.watchlist_id);
  const existing = await repo().listForUser(userId);
  if (existing.length >= ALERT_LIMITS.storedRules)
    throw new ConflictError(`You have ${ALERT_LIMITS.storedRules} alerts, the most you can keep. Delete one first.`);
  const now = new Date().toISOString();
  const rule: StoredAlertRule = {
    id: randomBytes(6).toString('hex'),
    userId,
    name: input.name,
    filters: input.filters,
    watchlistId: input.watchlist_id ?? null,
    status: 'active',
    pausedReason: null,
    createdAt: now,
    updatedAt: now,
  };
  // One conditional put takes a slot and writes the rule (data/alert-slots.ts).
  if (!(await conflictOnRace(() => repo().create(rule)))) throw new ConflictError(activeLimitMessage());
  return wireRule(rule);
}

export async function updateRule(userId: string, id: string, input: AlertRuleInput): Promise<AlertRule> {
  if (!(await repo().get(userId, id))) throw notFound();
  await assertWatchlist(userId, input.watchlist_id);
  const next = await conflictOnRace(() =>
    repo().update(userId, id, (current) => ({
      ...current,
      name: input.name,
      filters: input.filters,
      watchlistId: input.watchlist_id ?? null,
      updatedAt: new Date().toISOString(),
    })),
  );
  if (!next) throw notFound();
  return wireRule(next);
}

export async function setStatus(
  userId: string,
  id: string,
  status: 'active' | 'paused',
  reason: PauseReason = 'user',
): Promise<AlertRule> {
  const current = await repo().get(userId, id);
  if (!current) throw notFound();
  if (status === 'paused') return wireRule(await conflictOnRace(() => repo().pause(current, reason)));
  const resumed = await conflictOnRace(() => repo().resume(userId, id));
  if (resumed === null) throw notFound();
  if (resumed === false) throw new ConflictError(activeLimitMessage());
  return wireRule(resumed);
}

export async function deleteRule(userId: string, id: string): Promise<{ deleted: string }> {
  if (!(await repo().delete(userId, id))) throw notFound();
  return { deleted: id };
}
