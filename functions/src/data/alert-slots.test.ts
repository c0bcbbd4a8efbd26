import { describe, expect, it } from 'vitest';
import { currentRules, resolveRules, type RuleRecord } from './alert-slots.ts';

type R = { id: string; status: 'active' | 'paused'; name: string };
const rec = (slot: number | null, id: string, status: R['status'], name = id, rev = 1): RuleRecord<R> => ({
  slot,
  rev,
  rule: { id, status, name },
});

describe('active-rule slots', () => {
  it('a rule in a slot is active even beside a paused copy under its own id (a pause or resume cut short)', () => {
    const resolved = resolveRules([rec(null, 'a', 'paused', 'copy'), rec(0, 'a', 'active', 'slot')], 3);
    expect(currentRules(resolved)).toEqual([{ id: 'a', status: 'active', name: 'slot' }]);
    expect(resolved.activeCount).toBe(1);
    expect(resolved.freeSlot).toBe(1);
  });

  it('one rule in two slots counts once; the higher slot is spare and still taken until freed', () => {
    const resolved = resolveRules([rec(2, 'a', 'active', 'high'), rec(0, 'a', 'active', 'low')], 3);
    expect(currentRules(resolved)).toEqual([{ id: 'a', status: 'active', name: 'low' }]);
    expect(resolved.activeCount).toBe(1);
    expect(resolved.spareSlots.map((s) => s.slot)).toEqual([2]);
    expect(resolved.freeSlot).toBe(1);
  });

  it('an active rule stored before slots is active and waits for a slot; paused rules take none', () => {
    const resolved = resolveRules(
      [rec(0, 'a', 'active'), rec(1, 'b', 'active'), rec(null, 'old', 'active', 'old', 0), rec(null, 'p', 'paused')],
      2,
    );
    expect(resolved.activeCount).toBe(3);
    expect(resolved.freeSlot).toBeNull();
    expect(resolved.unslotted.map((r) => r.rule.id)).toEqual(['old']);
    expect(currentRules(resolved).map((r) => `${r.id}:${r.status}`)).toEqual([
      'a:active',
      'b:active',
      'old:active',
      'p:paused',
    ]);
  });
});
