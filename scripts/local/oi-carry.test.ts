import { describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { NetOpeningsRepository } from '@tapewatch/functions/data/net-openings-repository';
import { TimeSeriesRepository } from '@tapewatch/functions/data/timeseries-repository';
import { formatOccSymbol, netOpeningsOf } from '@tapewatch/functions/domain/options-market/index';
import { runFlowIngest } from '@tapewatch/functions/jobs/flow-ingest';
import { createDemoProvider, DEMO_SEED } from '@tapewatch/functions/providers/demo/demo-provider';
import { flowSimSeed } from '@tapewatch/functions/providers/demo/flow-simulator';
import { providerFor } from '@tapewatch/functions/providers/market-provider';
import { clockFor } from '@tapewatch/functions/platform/clock';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

useIntegrationRuntime();

const occOf = (t: { ticker: string; date_expiration: string; put_call: string; strike_price: number }) =>
  formatOccSymbol({
    root: t.ticker,
    expiry: t.date_expiration,
    type: t.put_call === 'Call' ? 'call' : 'put',
    strike: t.strike_price,
  });

describe('open interest carried from the flow to the next day (issue 37)', () => {
  it("stores each day's net openings and the next day's chain and flow start from them", async () => {
    // Two days the seed does not hold, in date order: Tuesday reads Monday's openings.
    const run = await runFlowIngest({ from: '2024-02-05', to: '2024-02-06' });
    expect(run.status).toBe('succeeded');
    const db = documentClient();
    const flow = new FlowRepository(db);
    // Monday is the only stored day before Tuesday (the seed holds the five days to 2024-03-08).
    const days = await new NetOpeningsRepository(db).readBetween(null, '2024-02-06');
    expect(days.map((d) => d.date)).toEqual(['2024-02-05']);
    const nets = new Map(days[0]!.nets);

    // The stored nets are the rule applied to the stored prints of the day.
    const monday = (await flow.readDay('2024-02-05')).trades;
    const fromTrades = netOpeningsOf(
      monday.map((t) => ({
        id: t.key,
        contract: occOf(t),
        size: t.size,
        volume: t.volume,
        openInterest: t.open_interest,
      })),
      flowSimSeed(DEMO_SEED),
    );
    expect(nets).toEqual(fromTrades);
    expect(nets.size).toBeGreaterThan(500);
    expect([...nets.values()].some((n) => n < 0)).toBe(true);

    // Tuesday's SPY chain: the profile plus Monday's nets, contract by contract.
    const source = {
      directory: () => new DirectoryRepository(db).all(),
      series: (t: string) => new TimeSeriesRepository(db).getSeries(t, 2022),
      today: () => '2024-02-06',
    };
    const profile = await createDemoProvider(source).optionChain('SPY', '2024-02-06');
    const carried = await providerFor(db, clockFor()).optionChain('SPY', '2024-02-06');
    const profileOi = new Map(profile.rows.map((r) => [r.symbol, r.openInterest ?? 0]));
    let moved = 0;
    for (const r of carried.rows) {
      const expected = Math.max(0, profileOi.get(r.symbol)! + (nets.get(r.symbol) ?? 0));
      expect(r.openInterest, r.symbol).toBe(expected);
      if (nets.has(r.symbol)) moved += 1;
    }
    expect(moved).toBeGreaterThan(20);

    // Tuesday's flow prints the same open interest as Tuesday's chain.
    const carriedOi = new Map(carried.rows.map((r) => [r.symbol, r.openInterest]));
    const spyTuesday = (await flow.readDay('2024-02-06')).trades.filter((t) => t.ticker === 'SPY');
    expect(spyTuesday.length).toBeGreaterThan(100);
    for (const t of spyTuesday) expect(t.open_interest, occOf(t)).toBe(carriedOi.get(occOf(t)));
    expect(spyTuesday.some((t) => nets.has(occOf(t)))).toBe(true);
  });

  it("gives each day's prints the next day's open interest change, a run's first day completing the day before", async () => {
    const db = documentClient();
    const flow = new FlowRepository(db);
    // The run of the test above (same runtime, run before this one) wrote Monday with Tuesday's
    // changes and Tuesday without any; a run of Wednesday alone (the nightly job's shape) completes
    // the stored Tuesday.
    const check = async (day: string, next: string) => {
      const trades = (await flow.readDay(day)).trades;
      const nextOi = new Map((await flow.readDay(next)).trades.map((t) => [occOf(t), t.open_interest]));
      let changed = 0;
      for (const t of trades) {
        const oi = nextOi.get(occOf(t));
        expect(t.next_oi_change, t.key).toBe(oi === undefined ? undefined : oi - t.open_interest);
        if (oi !== undefined) changed += 1;
      }
      expect(changed).toBeGreaterThan(100);
      return trades;
    };
    await check('2024-02-05', '2024-02-06');
    expect((await flow.readDay('2024-02-06')).trades.every((t) => t.next_oi_change === undefined)).toBe(true);
    const run = await runFlowIngest({ from: '2024-02-07', to: '2024-02-07' });
    expect(run.status).toBe('succeeded');
    const tuesday = await check('2024-02-06', '2024-02-07');
    // Re-running Wednesday changes nothing.
    await runFlowIngest({ from: '2024-02-07', to: '2024-02-07' });
    expect((await flow.readDay('2024-02-06')).trades).toEqual(tuesday);
  }, 150_000);
});
