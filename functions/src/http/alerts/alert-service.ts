import { randomBytes } from 'node:crypto';
import {
  ALERT_LIMITS,
  activeLimitMessage,
  PLAN_PAUSED_MESSAGE,
  type PauseReason,
} from '@tapewatch/shared/alerts/limits';
import { DEFAULT_WATCHLIST_ID } from '@tapewatch/shared/watchlists/limits';
import type { AlertRule, AlertRuleInput, AlertRulesResponse } from '@tapewatch/shared/schemas/alerts';
import { AlertRulesRepository, type StoredAlertRule } from '../../data/alert-rules-repository.ts';
import { documentClient } from '../../data/client.ts';
import { WatchlistsRepository } from '../../data/watchlists-repository.ts';
import { isSubscriber } from '../../lib/auth-guard.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { staleSlots, withoutSlots } from '../../domain/alerts/slots.ts';

const ATTEMPTS = 30;
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

/** Adds or drops a rule id in the user's active slots (conditional on their version); false when full. */
async function editSlots(userId: string, ruleId: string, active: boolean): Promise<boolean> {
  const r = repo();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const slots = await r.slots(userId);
    let ids = slots?.active ?? [];
    const has = ids.includes(ruleId);
    if (has === active) return true;
    let claims = slots?.claims ?? {};
    if (active && ids.length >= ALERT_LIMITS.activeRules) {
      // Full: take back the slots of creations that died before writing their rule (domain/alerts/slots.ts).
      const live = new Set((await r.listForUser(userId)).filter((x) => x.status === 'active').map((x) => x.id));
      const stale = staleSlots({ active: ids, claims }, live, Date.now());
      if (ids.length - stale.length >= ALERT_LIMITS.activeRules) return false;
      ({ active: ids, claims } = withoutSlots({ active: ids, claims }, stale));
    }
    const next = active
      ? { active: [...ids, ruleId], claims: { ...claims, [ruleId]: Date.now() } }
      : withoutSlots({ active: ids, claims }, [ruleId]);
    if (await r.putSlots(userId, { ...next, version: (slots?.version ?? 0) + 1 }, slots ? slots.version : null))
      return true;
  }
  throw new ConflictError('Your alerts changed in another window. Reload the page and try again.');
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

export async function createRule(userId: string, input: AlertRuleInput): Promise<AlertRule> {
  await assertWatchlist(userId, input.watchlist_id);
  const existing = await repo().listForUser(userId);
  if (existing.length >= ALERT_LIMITS.storedRules)
    throw new ConflictError(`You have ${ALERT_LIMITS.storedRules} alerts, the most you can keep. Delete one first.`);
  const id = randomBytes(6).toString('hex');
  if (!(await editSlots(userId, id, true))) throw new ConflictError(activeLimitMessage());
  const now = new Date().toISOString();
  const rule: StoredAlertRule = {
    id,
    userId,
    name: input.name,
    filters: input.filters,
    watchlistId: input.watchlist_id ?? null,
    status: 'active',
    pausedReason: null,
    createdAt: now,
    updatedAt: now,
  };
  await repo().put(rule);
  return wireRule(rule);
}

export async function updateRule(userId: string, id: string, input: AlertRuleInput): Promise<AlertRule> {
  const current = await repo().get(userId, id);
  if (!current) throw notFound();
  await assertWatchlist(userId, input.watchlist_id);
  const next: StoredAlertRule = {
    ...current,
    name: input.name,
    filters: input.filters,
    watchlistId: input.watchlist_id ?? null,
    updatedAt: new Date().toISOString(),
  };
  await repo().put(next);
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
  if (status === 'paused') return wireRule(await repo().pause(current, reason));
  if (!(await editSlots(userId, id, true))) throw new ConflictError(activeLimitMessage());
  const next: StoredAlertRule = { ...current, status, pausedReason: null, updatedAt: new Date().toISOString() };
  await repo().put(next);
  return wireRule(next);
}

export async function deleteRule(userId: string, id: string): Promise<{ deleted: string }> {
  const current = await repo().get(userId, id);
  if (!current) throw notFound();
  await repo().delete(userId, id);
  await repo().releaseSlot(userId, id);
  return { deleted: id };
}
