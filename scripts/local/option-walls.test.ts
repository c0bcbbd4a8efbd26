import { describe, expect, it } from 'vitest';
import { optionMinmaxSchema, optionWallsSchema, type OptionMinmax } from '@tapewatch/shared/schemas/option-walls';
import { documentClient } from '@tapewatch/functions/data/client';
import { SnapshotRepository } from '@tapewatch/functions/data/snapshot-repository';
import { optionChainSnapshot, runOptionChainsIngest } from '@tapewatch/functions/jobs/option-chains';
import type { StoredChain } from '@tapewatch/functions/providers/stored-chain';
import { optionMinmaxSnapshot } from '@tapewatch/functions/jobs/option-walls-precompute';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

const storedChain = async (date: string): Promise<StoredChain> => {
  const snap = await new SnapshotRepository(documentClient()).get<StoredChain>(optionChainSnapshot('SPY'), date);
  if (!snap) throw new Error(`no stored chain for ${date}`);
  return snap.payload;
};

describe('option walls endpoints over the seeded SPY chains', () => {
  it('answers the newest chain: delta x OI x 100 per strike for the nearest live expiries within +-10%', async () => {
    const res = await api.get('get_option_walls');
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/NaN|Infinity/);
    const walls = optionWallsSchema.parse(res.body);
    expect(walls.as_of).toBe('2024-03-08');
    const chain = await storedChain(walls.as_of);
    expect(walls.spot).toBe(chain.spot);
    const spot = chain.spot!;

    // Independent reading of the stored rows.
    const live = chain.contracts.filter((c) => c[0] > chain.date);
    const expiries = [...new Set(live.map((c) => c[0]))].sort().slice(0, 8);
    expect(Object.keys(walls.data)).toEqual(expiries);
    for (const expiry of [expiries[0]!, expiries.at(-1)!]) {
      const e = walls.data[expiry]!;
      const inBand = live.filter((c) => c[0] === expiry && c[2] >= spot * 0.9 && c[2] <= spot * 1.1);
      expect(e.x_values).toEqual([...new Set(inBand.map((c) => c[2]))].sort((a, b) => a - b));
      e.x_values.forEach((k, i) => {
        const side = (t: 'C' | 'P') =>
          inBand.filter((c) => c[2] === k && c[1] === t).reduce((s, c) => s + (c[4] ?? 0) * c[3] * 100, 0);
        expect(e.y_call_values[i]).toBeCloseTo(side('C'), 1);
        expect(e.y_put_values[i]).toBeCloseTo(side('P'), 1);
      });
      expect(Math.max(...e.y_put_values)).toBeLessThanOrEqual(0);
    }
  });

  it('computes GEX per strike, the walls and a zero-gamma level near spot', async () => {
    const walls = optionWallsSchema.parse((await api.get('get_option_walls')).body);
    const chain = await storedChain(walls.as_of);
    const spot = chain.spot!;
    const { gex } = walls;
    const live = chain.contracts.filter((c) => c[0] > chain.date);
    const callGexAt = (k: number) =>
      live
        .filter((c) => c[1] === 'C' && c[2] === k)
        .reduce((s, c) => s + (c[5] ?? 0) * c[3] * 100 * spot * spot * 0.01, 0);
    const putGexAt = (k: number) =>
      -live
        .filter((c) => c[1] === 'P' && c[2] === k)
        .reduce((s, c) => s + (c[5] ?? 0) * c[3] * 100 * spot * spot * 0.01, 0);
    expect(gex.strikes.length).toBeGreaterThan(20);
    const allCall = gex.strikes.map(callGexAt);
    const allPut = gex.strikes.map(putGexAt);
    gex.strikes.forEach((_, i) => {
      expect(gex.call_gex[i]).toBeCloseTo(allCall[i]!, 0);
      expect(gex.put_gex[i]).toBeCloseTo(allPut[i]!, 0);
      expect(gex.net_gex[i]).toBeCloseTo(allCall[i]! + allPut[i]!, 0);
    });
    expect(gex.call_wall).toBe(gex.strikes[allCall.indexOf(Math.max(...allCall))]);
    expect(gex.put_wall).toBe(gex.strikes[allPut.indexOf(Math.min(...allPut))]);
    expect(gex.zero_gamma).not.toBeNull();
    expect(Math.abs(gex.zero_gamma! - spot) / spot).toBeLessThanOrEqual(0.1);
  });

  it('answers the per-date extremes of every stored day, with their strikes', async () => {
    const res = await api.get('get_option_minmax');
    expect(res.status).toBe(200);
    const mm = optionMinmaxSchema.parse(res.body);
    expect(mm.dates.length).toBeGreaterThanOrEqual(40); // ~60 calendar days of chains, weekdays only
    expect(mm.dates.at(-1)).toBe('2024-03-08');
    expect([...mm.dates].sort()).toEqual(mm.dates);
    for (const i of [0, Math.floor(mm.dates.length / 2), mm.dates.length - 1]) {
      const chain = await storedChain(mm.dates[i]!);
      const live = chain.contracts.filter((c) => c[0] > chain.date && c[4] !== null);
      const calls = live.filter((c) => c[1] === 'C').map((c) => ({ v: c[4]! * c[3] * 100, k: c[2] }));
      const puts = live.filter((c) => c[1] === 'P').map((c) => ({ v: c[4]! * c[3] * 100, k: c[2] }));
      const maxCall = calls.reduce((a, b) => (b.v > a.v ? b : a));
      const minPut = puts.reduce((a, b) => (b.v < a.v ? b : a));
      expect(mm.calls[i]).toBeCloseTo(maxCall.v, 1);
      expect(mm.puts[i]).toBeCloseTo(minPut.v, 1);
      expect(calls.filter((c) => c.k === mm.call_strikes[i]).some((c) => Math.abs(c.v - maxCall.v) < 0.01)).toBe(true);
      expect(puts.filter((c) => c.k === mm.put_strikes[i]).some((c) => Math.abs(c.v - minPut.v) < 0.01)).toBe(true);
    }
  });

  it('rejects unknown query parameters with a 400 alert naming them', async () => {
    for (const [name, query] of [
      // `ticker` is a parameter since issue 38 (walls for any ticker); another name is still refused.
      ['get_option_walls', 'expiry=2024-03-15'],
      ['get_option_minmax', 'days=5'],
    ] as const) {
      const res = await api.getUnchecked(name, query);
      expect(res.status).toBe(400);
      expect(res.body.alert_show).toBe(true);
      expect(String(res.body.alert_message)).toMatch(/expiry|days/);
    }
  });

  it('re-ingesting a day leaves the min/max series as it was', async () => {
    const repo = new SnapshotRepository(documentClient());
    const before = await repo.latest<OptionMinmax>(optionMinmaxSnapshot('SPY'));
    const run = await runOptionChainsIngest({ from: '2024-03-07', to: '2024-03-08' });
    expect(run.status).toBe('succeeded');
    const after = await repo.latest<OptionMinmax>(optionMinmaxSnapshot('SPY'));
    expect(after?.payload).toEqual(before?.payload);
  });
});
