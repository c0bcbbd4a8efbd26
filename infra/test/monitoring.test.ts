import { describe, expect, it } from 'vitest';
import { synth, type Resource } from './synth.ts';

describe('observability', () => {
  const { template } = synth({ config: { alarmEmail: 'ops@example.com' } });
  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
  const topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0]!;
  const byMetric = (name: string) => alarms.find((a) => JSON.stringify(a.Properties).includes(`"${name}"`));

  it('alarms on the /api 5xx rate, Lambda errors and throttles, and the job dead-letter queue', () => {
    expect(alarms).toHaveLength(4);
    const rate = alarms.find((a) => JSON.stringify(a.Properties?.Metrics ?? '').includes('100 * errors / requests'))!;
    expect(rate.Properties).toMatchObject({ Threshold: 5, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
    expect(JSON.stringify(rate.Properties?.Metrics)).toContain('"5xx"');
    expect(byMetric('Errors')?.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 5 });
    expect(byMetric('Throttles')?.Properties).toMatchObject({ Namespace: 'AWS/Lambda', Threshold: 1 });
    const dlq = byMetric('ApproximateNumberOfMessagesVisible')!;
    expect(dlq.Properties).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(JSON.stringify(dlq.Properties?.Dimensions)).toContain('JobsDeadLetters');
  });

  it('notifies the SNS topic on alarm and recovery, treating missing data as fine', () => {
    for (const a of alarms) {
      expect(a.Properties?.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(a.Properties?.OKActions).toEqual([{ Ref: topicId }]);
      expect(a.Properties?.TreatMissingData).toBe('notBreaching');
    }
  });

  it('e-mails the configured address, and only then', () => {
    const subscriptions = Object.values(template.findResources('AWS::SNS::Subscription')) as Resource[];
    expect(subscriptions.map((s) => s.Properties)).toEqual([{ Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: topicId } }]);
    synth().template.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('has one dashboard with API, Lambda, queue and WebSocket graphs', () => {
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties?.DashboardBody);
    for (const metric of ['5xx', 'Latency', 'Errors', 'Throttles', 'ConcurrentExecutions', 'ApproximateNumberOfMessagesVisible', 'ConnectCount']) {
      expect(body).toContain(metric);
    }
  });
});
