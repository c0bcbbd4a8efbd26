import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AlertRulesRepository } from '@tapewatch/functions/data/alert-rules-repository';
import { staleSlots } from '@tapewatch/functions/domain/alerts/slots';

export interface SlotRecount {
  before: number;
  after: number;
  dropped: number;
}

/**
 * Support's recount of a user's active-rule slots from their stored rules: a slot holding no active
 * rule is dropped at once (no grace: support runs it when a user is stuck), and an active rule
 * without a slot gets one. Written conditionally on the slots' version; a lost race recounts.
 */
export async function recountAlertSlots(
  db: DynamoDBDocumentClient,
  userId: string,
  now = new Date(),
): Promise<SlotRecount> {
  const repo = new AlertRulesRepository(db);
  for (let attempt = 0; attempt < 10; attempt++) {
    const slots = await repo.slots(userId);
    const active = (await repo.listForUser(userId)).filter((r) => r.status === 'active').map((r) => r.id);
    const state = slots ?? { active: [], claims: {}, version: 0 };
    const stale = staleSlots(state, new Set(active), now.getTime(), 0);
    const kept = state.active.filter((id) => !stale.includes(id));
    const next = [...kept, ...active.filter((id) => !kept.includes(id))];
    const claims = Object.fromEntries(next.map((id) => [id, state.claims[id] ?? now.getTime()]));
    const unchanged = next.length === state.active.length && stale.length === 0;
    if (
      unchanged ||
      (await repo.putSlots(userId, { active: next, claims, version: state.version + 1 }, slots?.version ?? null))
    )
      return { before: state.active.length, after: next.length, dropped: stale.length };
  }
  throw new Error(`the alert slots of ${userId} kept changing; try again`);
}
