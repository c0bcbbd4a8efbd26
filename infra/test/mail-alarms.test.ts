import { describe, expect, it } from 'vitest';
import { routeList } from '@tapewatch/shared/api/routes';
import { alertFailureMetric, alertMetricNamespace } from '@tapewatch/functions/jobs/alert-metrics';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { BOUNCES_PER_HOUR } from '../lib/mail-alarms.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

/** Issue 25: SES through a configuration set, and alarms on mail and flow alert delivery failures. */
describe('mail delivery', () => {
  const { template } = synth({ config: { alarmEmail: 'ops@example.com' } });
  const sets = Object.values(template.findResources('AWS::SES::ConfigurationSet')) as Resource[];
  const destinations = Object.values(
    template.findResources('AWS::SES::ConfigurationSetEventDestination'),
  ) as Resource[];
  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
  const setName = sets[0]?.Properties?.Name as string;
  const mailModules = [
    ...routeList.filter((r) => r.mail).map((r) => `http/${r.handler}`),
    ...schedules.filter((j) => j.mail).map((j) => j.handler),
  ];

  it('has one configuration set whose events reach CloudWatch with the set as the dimension', () => {
    expect(sets).toHaveLength(1);
    expect(sets[0]!.Properties).toMatchObject({ ReputationOptions: { ReputationMetricsEnabled: true } });
    expect(destinations).toHaveLength(1);
    const dest = destinations[0]!.Properties!.EventDestination as Record<string, unknown>;
    expect(dest.MatchingEventTypes).toEqual(
      expect.arrayContaining(['send', 'delivery', 'bounce', 'reject', 'complaint']),
    );
    expect(JSON.stringify(dest.CloudWatchDestination)).toContain('ses:configuration-set');
    expect(JSON.stringify(dest.CloudWatchDestination)).toContain(setName);
  });

  it('sends the mail of exactly the mail routes and jobs through it, with the right to use it', () => {
    const functions = appFunctions(template);
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
    expect(mailModules.length).toBeGreaterThan(0);
    for (const f of functions) {
      const vars = (f.resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars.MAIL_CONFIGURATION_SET, f.module).toBe(mailModules.includes(f.module) ? setName : undefined);
    }
    // The SendEmail grant names the configuration set by ARN (SES authorizes the set too).
    const sendGrants = policies.filter((p) => JSON.stringify(p.Properties).includes('ses:SendEmail'));
    expect(sendGrants.length).toBeGreaterThan(0);
    for (const p of sendGrants) expect(JSON.stringify(p.Properties)).toContain(`:configuration-set/${setName}`);
  });

  it('alarms on SES rejects, bounces and complaints of that set, and on flow alert delivery failures', () => {
    const ses = (metric: string) =>
      alarms.find((a) => a.Properties?.Namespace === 'AWS/SES' && a.Properties?.MetricName === metric);
    expect(ses('Reject')?.Properties).toMatchObject({ Threshold: 1, Period: 300, Statistic: 'Sum' });
    expect(ses('Bounce')?.Properties).toMatchObject({ Threshold: BOUNCES_PER_HOUR, Period: 3600 });
    expect(ses('Complaint')?.Properties).toMatchObject({ Threshold: 1 });
    for (const m of ['Reject', 'Bounce', 'Complaint'])
      expect(ses(m)?.Properties?.Dimensions).toEqual([{ Name: 'ses:configuration-set', Value: setName }]);
    const alerts = alarms.find((a) => a.Properties?.MetricName === alertFailureMetric);
    expect(alerts?.Properties).toMatchObject({
      Namespace: alertMetricNamespace,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      Dimensions: [{ Name: 'Stage', Value: 'dev' }],
    });
    // The jobs that deliver alerts are named in it, and each has its Lambda Errors alarm (JobAlarms).
    for (const job of schedules.filter((j) => j.mail)) {
      expect(String(alerts?.Properties?.AlarmDescription)).toContain(job.name);
      expect(
        alarms.some(
          (a) =>
            a.Properties?.MetricName === 'Errors' &&
            String(a.Properties?.AlarmDescription).startsWith(`Job ${job.name} failed`),
        ),
        job.name,
      ).toBe(true);
    }
  });
});
