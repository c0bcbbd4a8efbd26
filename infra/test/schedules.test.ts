import { describe, expect, it } from 'vitest';
import { schedules } from '@tapewatch/functions/jobs/schedules';
import { unixCronToCronOptions } from '../lib/cron.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

describe('unixCronToCronOptions', () => {
  it('names weekdays so Unix 1-5 stays Monday-Friday (EventBridge counts from Sunday = 1)', () => {
    expect(unixCronToCronOptions('20 16 * * 1-5')).toEqual({ minute: '20', hour: '16', month: '*', weekDay: 'MON-FRI' });
    expect(unixCronToCronOptions('0 9 * * 0,6')).toEqual({ minute: '0', hour: '9', month: '*', weekDay: 'SUN,SAT' });
    expect(unixCronToCronOptions('0 9 * * 7')).toMatchObject({ weekDay: 'SUN' });
    expect(unixCronToCronOptions('0 9 * * mon-fri')).toMatchObject({ weekDay: 'MON-FRI' });
  });

  it('keeps day-of-month schedules', () => {
    expect(unixCronToCronOptions('*/5 9-16 1 * *')).toEqual({ minute: '*/5', hour: '9-16', month: '*', day: '1' });
    expect(unixCronToCronOptions('35 16 * * *')).toEqual({ minute: '35', hour: '16', month: '*', day: '*' });
  });

  it('rejects what EventBridge cannot express', () => {
    expect(() => unixCronToCronOptions('0 9 1 * 1')).toThrow(/both day-of-month and day-of-week/);
    expect(() => unixCronToCronOptions('0 9 * *')).toThrow(/5 fields/);
    expect(() => unixCronToCronOptions('0 9 * * */2')).toThrow(/day-of-week/);
  });
});

describe('EventBridge Scheduler', () => {
  const { template } = synth();
  const resources = Object.values(template.findResources('AWS::Scheduler::Schedule')) as Resource[];
  const jobFunctions = appFunctions(template).filter((f) => f.kind === 'job');

  it('has one schedule per schedule-table entry', () => {
    expect(resources).toHaveLength(schedules.length);
  });

  it.each(schedules.map((s) => [s.name, s] as const))('%s runs on New York time and invokes its job', (_name, job) => {
    const fn = jobFunctions.find((f) => f.module === job.handler);
    expect(fn).toBeDefined();
    const schedule = resources.find((r) => JSON.stringify(r.Properties?.Target).includes(`"${fn!.id}"`));
    expect(schedule).toBeDefined();
    const p = schedule!.Properties!;
    expect(p.ScheduleExpressionTimezone).toBe('America/New_York');
    const o = unixCronToCronOptions(job.cron);
    expect(p.ScheduleExpression).toBe(`cron(${o.minute} ${o.hour} ${o.day ?? '?'} ${o.month} ${o.weekDay ?? '?'} *)`);
    expect(p.State).toBe('ENABLED');
    expect((p.Target as { RetryPolicy: unknown }).RetryPolicy).toBeDefined();
  });
});
