import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@tapewatch/functions/analytics/random';
import { documentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { LiveCursorRepository } from '@tapewatch/functions/data/live-cursor-repository';
import { FlowFanout } from '@tapewatch/functions/jobs/flow-live';
import { runFlowLivePoll, type LivePollDeps } from '@tapewatch/functions/jobs/flow-live-poll';
import type { Clock } from '@tapewatch/functions/platform/clock';
import { parseBenzingaOptionsActivity } from '@tapewatch/functions/providers/benzinga/options-activity';
import { benzingaRecord } from '@tapewatch/functions/providers/fixtures/benzinga-record';
import type { MarketDataProvider } from '@tapewatch/functions/providers/provider';
import { parseFrame, type WsEvent } from '@tapewatch/shared/ws/messages';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

useIntegrationRuntime();

/** A clock at a New York wall time on `date` that advances only when the poller sleeps. */
function fakeTime(mode: Clock['mode'], date: string, hms: string) {
  let ms = Date.parse(`${date}T${hms}-05:00`);
  const clock: Clock = { mode, now: () => new Date(ms), today: () => date };
  return { clock, nowMs: () => ms, sleep: async (d: number) => void (ms += d) };
}

function capture() {
  const events: WsEvent[] = [];
  const fanout = new FlowFanout(documentClient(), async (frame) => {
    const parsed = parseFrame(JSON.stringify(frame));
    events.push(...parsed);
    return { sent: 1, gone: 0 };
  });
  return {
    events,
    fanout,
    trades: () => events.filter((e) => e.event === 'new_flow').map((e) => JSON.parse(e.data as string) as FlowTrade),
  };
}

const liveTrades = async (date: string) => (await new FlowRepository(documentClient()).readDay(date)).trades;

describe('AWS live poller', () => {
  it('demo: plays the simulated session from the last stored trade, stores and fans out each trade once, and resumes after it', async () => {
    const before = new Set((await liveTrades('2024-03-08')).map((t) => t.key));
    const latestBefore =
      (await liveTrades('2024-03-08'))
        .map((t) => t.time)
        .toSorted()
        .at(-1) ?? '';
    const time = fakeTime('demo', '2024-03-08', '12:30:00');
    const out = capture();
    const deps: Partial<LivePollDeps> = {
      db: documentClient(),
      ...time,
      fanout: out.fanout,
      budgetMs: 10_000,
      random: mulberry32(7),
    };
    const first = await runFlowLivePoll(undefined, deps);
    const added = (await liveTrades('2024-03-08')).filter((t) => !before.has(t.key));
    expect(first.published).toBeGreaterThan(20); // ~1 a second over the 60 s catch-up and 10 s of polling
    expect(added.map((t) => t.key).sort()).toEqual(
      out
        .trades()
        .map((t) => t.key)
        .sort(),
    );
    // Stamped after everything stored and no later than the clock: the feed never goes back in time.
    for (const t of added) {
      expect(t.time > latestBefore).toBe(true);
      expect(t.time <= '12:30:10').toBe(true);
      expect(t.date).toBe('2024-03-08');
    }
    const lastPlayed =
      added
        .map((t) => t.time)
        .toSorted()
        .at(-1) ?? '';
    // A minute later the next run starts where this one stopped: no trade time repeats.
    const later = fakeTime('demo', '2024-03-08', '12:31:00');
    const again = capture();
    await runFlowLivePoll(undefined, { ...deps, ...later, fanout: again.fanout, budgetMs: 3_000 });
    expect(again.trades().length).toBeGreaterThan(0);
    expect(again.trades().every((t) => t.time > lastPlayed)).toBe(true);
  });

  it('demo: before the live session starts (noon) a run does nothing', async () => {
    const out = capture();
    const r = await runFlowLivePoll(undefined, {
      db: documentClient(),
      ...fakeTime('demo', '2024-03-08', '10:00:00'),
      fanout: out.fanout,
      budgetMs: 5_000,
    });
    expect(r.published).toBe(0);
    expect(out.events).toEqual([]);
  });

  it('live: polls the vendor for the delta since the stored cursor and publishes each record once', async () => {
    const date = '2024-03-11';
    const rec = (id: string, updated: number, over: Record<string, unknown> = {}) =>
      benzingaRecord({ id, updated, date, time: '10:01:00', date_expiration: '2024-03-15', ...over });
    let served = [rec('a', 100), rec('b', 101), rec('c', 101), rec('x', 90, { date: '2024-03-08' })];
    const asked: Array<number | undefined> = [];
    const provider = {
      optionsActivity: async (_d: string, page = 0, updatedSince?: number) => {
        asked.push(updatedSince);
        const rows =
          page === 0 ? served.filter((r) => updatedSince === undefined || Number(r.updated) >= updatedSince) : [];
        return { ...parseBenzingaOptionsActivity({ option_activity: rows }), page, hasMore: false };
      },
    } as unknown as MarketDataProvider;
    const run = async () => {
      const out = capture();
      await runFlowLivePoll(undefined, {
        db: documentClient(),
        ...fakeTime('live', date, '10:05:00'),
        fanout: out.fanout,
        provider,
        budgetMs: 7_000,
      });
      return out.trades().map((t) => t.key);
    };
    const first = await run();
    expect(first).toHaveLength(3); // a, b, c; the record of another date is not today's flow
    expect(asked[0]).toBeUndefined();
    expect(asked.slice(1).every((u) => u === 101)).toBe(true); // later polls ask only for the delta
    expect(await new LiveCursorRepository(documentClient()).get(date)).toEqual({
      date,
      updated: 101,
      idsAtUpdated: ['b', 'c'],
    });
    // The vendor's filter is "at or after": b and c come back with d, which has the same second.
    served = [...served, rec('d', 101), rec('e', 105)];
    const second = await run();
    expect(second).toHaveLength(2);
    expect(new Set([...first, ...second]).size).toBe(5);
    expect((await liveTrades(date)).length).toBe(5);
    // Outside the session a run does not call the vendor at all.
    asked.length = 0;
    await runFlowLivePoll(undefined, {
      db: documentClient(),
      ...fakeTime('live', date, '17:00:00'),
      fanout: capture().fanout,
      provider,
      budgetMs: 7_000,
    });
    expect(asked).toEqual([]);
  });
});
