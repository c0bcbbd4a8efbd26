/**
 * A user's active-rule slots are one item (the ids of their active rules, written conditionally on
 * its version, which is what holds the limit across tabs); the rule is a second item. dynalite has
 * no TransactWriteItems, so taking a slot and writing the rule are two writes, and a process killed
 * between them leaves a slot naming a rule that does not exist. Each slot therefore records when it
 * was taken: a slot that holds no active rule once that is longer ago than any request can run (API
 * Gateway ends one at 29 s) belongs to a request that died, and is taken back.
 */
export const SLOT_CLAIM_GRACE_MS = 2 * 60_000;

export interface SlotState {
  active: readonly string[];
  /** Epoch ms each id's slot was taken; ids stored before claims were recorded have none (long ago). */
  claims: Readonly<Record<string, number>>;
}

/** The ids whose slot holds no active stored rule and was taken more than `graceMs` ago. */
export function staleSlots(
  slots: SlotState,
  activeRuleIds: ReadonlySet<string>,
  nowMs: number,
  graceMs = SLOT_CLAIM_GRACE_MS,
): string[] {
  return slots.active.filter((id) => !activeRuleIds.has(id) && nowMs - (slots.claims[id] ?? 0) > graceMs);
}

/** The slots without `drop`, their claims with them. */
export function withoutSlots(
  slots: SlotState,
  drop: readonly string[],
): { active: string[]; claims: Record<string, number> } {
  const gone = new Set(drop);
  return {
    active: slots.active.filter((id) => !gone.has(id)),
    claims: Object.fromEntries(
      Object.entries(slots.claims).filter(([id]) => !gone.has(id) && slots.active.includes(id)),
    ),
  };
}
