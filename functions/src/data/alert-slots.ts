/**
 * A user's active-rule slots (issue 35). dynalite has no TransactWriteItems, so taking a slot and
 * writing the rule cannot be two items: an active rule is stored in its slot, one of the user's
 * `ALERT_LIMITS.activeRules` keys, and is created or resumed by one conditional put that carries the
 * whole rule. A crash therefore cannot leave a slot without its rule, and the key space caps the
 * active rules under any concurrency. A paused rule lives under its own id.
 *
 * Reading resolves what crashes and races can leave beside that:
 * - a paused copy of a rule that also holds a slot (a pause that died before it freed the slot, or a
 *   resume that died before it removed the copy): the slot wins, the copy is inert;
 * - one rule in two slots (two tabs resumed it at once): the lowest slot wins, the other is spare;
 * - an active rule under its own id: stored before slots existed, active until it is moved to a slot.
 */

/** One stored rule item: in slot `slot`, or under its own id (`slot` null). */
export interface RuleRecord<R extends { id: string; status: 'active' | 'paused' }> {
  slot: number | null;
  /** Bumped by every write of the item; writes are conditional on it. Items stored before it have 0. */
  rev: number;
  rule: R;
}

/** Where one rule is stored. */
export interface RulePlaces<R extends { id: string; status: 'active' | 'paused' }> {
  /** The rule as it stands: the lowest slot's, else the item under its own id. */
  current: RuleRecord<R>;
  /** Every slot holding the rule, lowest first. */
  slots: RuleRecord<R>[];
  /** The item under the rule's own id, if any. */
  own: RuleRecord<R> | null;
}

export interface ResolvedRules<R extends { id: string; status: 'active' | 'paused' }> {
  byId: Map<string, RulePlaces<R>>;
  /** Active rules: those in a slot and those stored active under their own id. */
  activeCount: number;
  /** The lowest slot no item holds, or null when every one is taken. */
  freeSlot: number | null;
  /** Second slots of a rule: freed by the next write that needs a slot. */
  spareSlots: RuleRecord<R>[];
  /** Active rules stored under their own id (before slots): moved into a free slot on the next write. */
  unslotted: RuleRecord<R>[];
}

export function resolveRules<R extends { id: string; status: 'active' | 'paused' }>(
  records: readonly RuleRecord<R>[],
  slotCount: number,
): ResolvedRules<R> {
  const byId = new Map<string, RulePlaces<R>>();
  const taken = new Set<number>();
  const sorted = [...records].sort((a, b) => (a.slot ?? Number.MAX_SAFE_INTEGER) - (b.slot ?? Number.MAX_SAFE_INTEGER));
  for (const rec of sorted) {
    if (rec.slot !== null) taken.add(rec.slot);
    const places = byId.get(rec.rule.id) ?? { current: rec, slots: [], own: null };
    if (rec.slot === null) places.own = rec;
    else places.slots.push(rec);
    byId.set(rec.rule.id, places);
  }
  const spareSlots: RuleRecord<R>[] = [];
  const unslotted: RuleRecord<R>[] = [];
  let activeCount = 0;
  for (const places of byId.values()) {
    const [first, ...spare] = places.slots;
    places.current = first ?? (places.own as RuleRecord<R>);
    spareSlots.push(...spare);
    if (places.current.rule.status === 'active') activeCount += 1;
    if (!first && places.own?.rule.status === 'active') unslotted.push(places.own);
  }
  let freeSlot: number | null = null;
  for (let s = 0; s < slotCount && freeSlot === null; s++) if (!taken.has(s)) freeSlot = s;
  return { byId, activeCount, freeSlot, spareSlots, unslotted };
}

/** The rules as they stand, one per id. */
export function currentRules<R extends { id: string; status: 'active' | 'paused' }>(resolved: ResolvedRules<R>): R[] {
  return [...resolved.byId.values()].map((p) => p.current.rule);
}
