import { describe, expect, it } from 'vitest';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { unixCronToCronOptions } from '../lib/cron.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

describe('unixCronToCronOptions', () => {
  it('names weekdays so Unix 1-5 stays Monday-Friday (EventBridge counts from Sunday = 1)', () => {
    expect(unixCronToCronOptions('20 16 * * 1-5')).toEqual({
      minute: '20',
      hour: '16',
      month: '*',
      weekDay: 'MON-FRI',
    });
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

describe('job delivery', () => {
  const { template } = synth();
  const resources = Object.values(template.findResources('AWS::Scheduler::Schedule')) as Resource[];
  const queues = template.findResources('AWS::SQS::Queue') as Record<string, Resource>;

  it('runs option walls at 16:35 and dark pools at 18:00 New York time on weekdays', () => {
    const expressions = resources.map(
      (r) => `${r.Properties?.ScheduleExpression} ${r.Properties?.ScheduleExpressionTimezone}`,
    );
    expect(expressions).toContain('cron(35 16 ? * MON-FRI *) America/New_York');
    expect(expressions).toContain('cron(0 18 ? * MON-FRI *) America/New_York');
  });

  it('retries twice within an hour, then sends the event to one dead-letter queue', () => {
    expect(Object.keys(queues)).toHaveLength(1);
    const [queueId] = Object.keys(queues);
    for (const r of resources) {
      const target = r.Properties?.Target as {
        RetryPolicy: Record<string, number>;
        DeadLetterConfig: { Arn: unknown };
      };
      expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
      expect(target.DeadLetterConfig.Arn).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] });
    }
    expect(queues[queueId!]!.Properties?.MessageRetentionPeriod).toBe(14 * 24 * 3600);
  });
});

describe('job failures page someone', () => {
  const { template } = synth();
  const queues = template.findResources('AWS::SQS::Queue') as Record<string, Resource>;
  const configs = Object.values(template.findResources('AWS::Lambda::EventInvokeConfig')) as Resource[];
  const jobFunctions = appFunctions(template).filter((f) => f.kind === 'job');

  // Scheduler invokes asynchronously: its dead-letter queue sees only failed deliveries, while a
  // job that throws is retried by Lambda and then dropped unless the function has a destination.
  it.each(jobFunctions.map((f) => [f.module, f] as const))(
    '%s sends failed invocations to the job queue after 2 retries',
    (_module, fn) => {
      const config = configs.find((c) => JSON.stringify(c.Properties?.FunctionName) === JSON.stringify({ Ref: fn.id }));
      expect(config).toBeDefined();
      const [queueId] = Object.keys(queues);
      expect(config!.Properties).toMatchObject({
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 3600,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
      });
    },
  );

  it('gives request handlers no on-failure destination (they answer synchronously)', () => {
    expect(configs).toHaveLength(jobFunctions.length);
  });
});
