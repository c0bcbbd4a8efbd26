import { describe, expect, it } from 'vitest';
import { schedules } from '../platform/schedules.ts';
import { liveBackfillPlan, monthlyUnits } from './live-backfill-plan.ts';

describe('live backfill plan', () => {
  it('cuts a range into calendar months, clipped at both ends, without gaps or overlaps', () => {
    const units = monthlyUnits('2023-12-15', '2024-03-08');
    expect(units.map((u) => u.key)).toEqual([
      '2023-12-15..2023-12-31',
      '2024-01-01..2024-01-31',
      '2024-02-01..2024-02-29',
      '2024-03-01..2024-03-08',
    ]);
    expect(monthlyUnits('2021-04-01', '2021-04-01')).toEqual([
      { key: '2021-04-01..2021-04-01', from: '2021-04-01', to: '2021-04-01' },
    ]);
  });

  it('fetches the universe first, each history from the first of a month, and names only scheduled jobs', () => {
    const plan = liveBackfillPlan('2021-04-27');
    expect(plan[0]?.job).toBe('universe');
    const units = (job: string) => plan.find((s) => s.job === job)!.units;
    expect(units('prices')[0]?.from).toBe('2019-04-01');
    expect(units('prices')).toHaveLength(25);
    expect(units('darkpools')[0]?.from).toBe('2020-04-01');
    expect(units('darkpools').at(-1)?.to).toBe('2021-04-27');
    // A Sunday: the current chain is the one of Friday's session.
    expect(liveBackfillPlan('2021-04-25').find((s) => s.job === 'optionwalls')?.units[0]?.from).toBe('2021-04-23');
    // CBOE's one VIX file is the whole history: a single unit, and SPY To VIX is precomputed after it.
    expect(units('vix')).toEqual([{ key: '2021-04-27..2021-04-27', from: '2021-04-27', to: '2021-04-27' }]);
    const order = plan.map((s) => s.job);
    expect(order.indexOf('spy-to-vix')).toBeGreaterThan(order.indexOf('vix'));
    expect(plan.find((s) => s.job === 'spy-to-vix')?.precompute).toBe(true);
    for (const step of plan) expect(schedules.map((s) => s.name)).toContain(step.job);
    // The same day later (a restart) finds the same unit keys: that is what makes it resume.
    expect(liveBackfillPlan('2021-04-27')).toEqual(plan);
    expect(
      liveBackfillPlan('2021-04-28')
        .find((s) => s.job === 'darkpools')!
        .units.slice(0, -1),
    ).toEqual(units('darkpools').slice(0, -1));
  });
});
