import { describe, expect, it } from 'vitest';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { addDays } from '@tapewatch/functions/domain/sectors/calendar';
import { backfillDemoDatasets, type BackfillDeps } from './scheduler.ts';

const TODAY = '2024-03-08';
const defs = schedules.filter((d) => ['darkpools', 'flow-ingest', 'optionwalls'].includes(d.name));
const fullFrom = (name: string) => addDays(TODAY, -defs.find((d) => d.name === name)!.demoBackfillDays! + 1);

/** Runs the demo backfill over stored markers; returns the jobs run, in order, and the markers after. */
async function backfill(stored: Record<string, { from: string; to: string }>) {
  const markers = new Map(Object.entries(stored));
  const ran: string[] = [];
  const deps: BackfillDeps = {
    defs,
    today: TODAY,
    markers: {
      backfilled: async (job) => markers.get(job) ?? null,
      setBackfilled: async (job, from, to) => void markers.set(job, { from, to }),
    },
    run: async (def) => {
      // The flow lane finishes last, so a dependent that did not wait would be seen running before it.
      if (def.name === 'flow-ingest') await new Promise((resolve) => setTimeout(resolve, 5));
      ran.push(def.name);
    },
  };
  await backfillDemoDatasets(
    () => {},
    () => false,
    deps,
  );
  return { ran, markers: Object.fromEntries(markers) };
}

const covered = () =>
  Object.fromEntries(defs.map((d) => [d.name, { from: fullFrom(d.name), to: TODAY }])) as Record<
    string,
    { from: string; to: string }
  >;

describe('the demo backfill on a start', () => {
  it('on an empty directory runs every dataset, the SPY chains after the flow, and records each range', async () => {
    const { ran, markers } = await backfill({});
    expect(ran).toHaveLength(3);
    expect(ran.indexOf('optionwalls')).toBeGreaterThan(ran.indexOf('flow-ingest'));
    expect(markers).toEqual(covered());
  });

  it('runs nothing when every marker covers its range at the demo date', async () => {
    expect((await backfill(covered())).ran).toEqual([]);
  });

  it('extends a flow backfilled over a shorter range, and redoes the SPY chains built from the shorter flow', async () => {
    const { ran, markers } = await backfill({ ...covered(), 'flow-ingest': { from: '2024-03-04', to: TODAY } });
    expect(ran).toEqual(['flow-ingest', 'optionwalls']);
    expect(markers['flow-ingest']).toEqual({ from: fullFrom('flow-ingest'), to: TODAY });
  });

  it('redoes a dataset whose marker is behind the demo date, without its dependents when it has none', async () => {
    expect(
      (await backfill({ ...covered(), darkpools: { from: fullFrom('darkpools'), to: '2024-03-07' } })).ran,
    ).toEqual(['darkpools']);
  });
});
