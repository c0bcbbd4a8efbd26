import { describe, expect, it } from 'vitest';
import { SLOT_CLAIM_GRACE_MS, staleSlots, withoutSlots } from './slots.ts';

describe('active-rule slots', () => {
  const now = 1_700_000_000_000;
  const slots = {
    active: ['live', 'dead', 'inflight', 'legacy', 'paused'],
    claims: {
      live: now - 10 * SLOT_CLAIM_GRACE_MS,
      dead: now - SLOT_CLAIM_GRACE_MS - 1,
      inflight: now - 1_000,
      paused: 0,
    },
  };

  it('a slot without an active rule is stale once its claim is older than the grace; one without a claim time is old', () => {
    expect(staleSlots(slots, new Set(['live']), now)).toEqual(['dead', 'legacy', 'paused']);
    // The admin recount uses no grace: the creation in flight loses its slot too.
    expect(staleSlots(slots, new Set(['live']), now, 0)).toEqual(['dead', 'inflight', 'legacy', 'paused']);
  });

  it('drops ids with their claims', () => {
    expect(withoutSlots(slots, ['dead', 'legacy', 'paused'])).toEqual({
      active: ['live', 'inflight'],
      claims: { live: slots.claims.live, inflight: slots.claims.inflight },
    });
  });
});
