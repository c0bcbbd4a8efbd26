import { describe, expect, it } from 'vitest';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { defaultStaleAfterDays, jobMetricNamespace } from '@tapewatch/functions/jobs/job-metrics';
import { appFunctions, synth, type Resource } from './synth.ts';

describe('observability', () => {
  const { template } = synth({ config: { alarmEmail: 'ops@example.com' } });
  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
  const topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
  const byMetric = (name: string) => alarms.find((a) => JSON.stringify(a.Properties).includes(`"${name}"`));

  const jobAlarms = alarms.filter((a) => JSON.stringify(a.Properties).includes('Job'));
  const datasetJobs = schedules.filter((s) => s.dataset);

  it('alarms on the /api 5xx rate, Lambda errors and throttles, the job dead-letter queue, and per job', () => {
    // Plus the mail alarms (mail-alarms.test.ts): SES rejects, bounces, complaints and the alert delivery failures.
    expect(alarms).toHaveLength(4 + 2 * schedules.length + datasetJobs.length + 4);
    const rate = alarms.find((a) => JSON.stringify(a.Properties?.Metrics ?? '').includes('100 * errors / requests'))!;
    expect(rate.Properties).toMatchObject({ Threshold: 5, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
    expect(JSON.stringify(rate.Properties?.Metrics)).toContain('"5xx"');
    const total = alarms.find((a) => a.Properties?.MetricName === 'Errors' && !a.Properties?.Dimensions)!;
    expect(total.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 5 });
    expect(byMetric('Throttles')?.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 1 });
    const dlq = byMetric('ApproximateNumberOfMessagesVisible')!;
    expect(dlq.Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(JSON.stringify(dlq.Properties?.Dimensions)).toContain('JobsDeadLetters');
  });

  it('notifies the SNS topic on alarm and recovery; only the "did not run" alarms treat missing data as breaching', () => {
    for (const a of alarms) {
      expect(a.Properties?.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(a.Properties?.OKActions).toEqual([{ Ref: topicId }]);
      const heartbeat = a.Properties?.MetricName === 'AsOfAgeDays' && a.Properties?.Statistic === 'SampleCount';
      expect(a.Properties?.TreatMissingData).toBe(heartbeat ? 'breaching' : 'notBreaching');
    }
  });

  it.each(schedules.map((s) => [s.name, s] as const))(
    'pages on any error of the %s job, on no successful run in 4 days, and on stale data',
    (name, job) => {
      const fn = appFunctions(template).find((f) => f.module === job.handler)!;
      const errors = jobAlarms.find(
        (a) =>
          a.Properties?.MetricName === 'Errors' &&
          JSON.stringify(a.Properties?.Dimensions) ===
            JSON.stringify([{ Name: 'FunctionName', Value: { Ref: fn.id } }]),
      );
      expect(errors?.Properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
      const ofJob = (a: Resource) =>
        a.Properties?.Namespace === jobMetricNamespace &&
        JSON.stringify(a.Properties?.Dimensions).includes(`"${name}"`);
      const notRun = jobAlarms.find((a) => ofJob(a) && a.Properties?.Statistic === 'SampleCount');
      // Weekday jobs skip 2-3 days over a (long) weekend; 4 days without a successful run is a failure.
      expect(notRun?.Properties).toMatchObject({
        MetricName: 'AsOfAgeDays',
        Period: 86400,
        EvaluationPeriods: 4,
        DatapointsToAlarm: 4,
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
      });
      const stale = jobAlarms.find((a) => ofJob(a) && a.Properties?.Statistic === 'Maximum');
      if (!job.dataset) {
        expect(stale).toBeUndefined();
        return;
      }
      expect(stale?.Properties).toMatchObject({
        MetricName: 'AsOfAgeDays',
        Period: 86400,
        Threshold: job.staleAfterDays ?? defaultStaleAfterDays,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      // The dimensions the job's metric line carries (functions/src/jobs/job-metrics.ts); order is irrelevant to CloudWatch.
      expect(stale?.Properties?.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'Stage', Value: 'dev' },
          { Name: 'Job', Value: name },
        ]),
      );
      expect(stale?.Properties?.Dimensions).toHaveLength(2);
    },
  );

  it('e-mails the configured address, and only then', () => {
    const subscriptions = Object.values(template.findResources('AWS::SNS::Subscription')) as Resource[];
    expect(subscriptions.map((s) => s.Properties)).toEqual([
      { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: topicId } },
    ]);
    synth().template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('has one dashboard with API, Lambda, queue and WebSocket graphs', () => {
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties?.DashboardBody);
    for (const metric of [
      '5xx',
      'Latency',
      'Errors',
      'Throttles',
      'ConcurrentExecutions',
      'ApproximateNumberOfMessagesVisible',
      'ConnectCount',
    ]) {
      expect(body).toContain(metric);
    }
  });
});
