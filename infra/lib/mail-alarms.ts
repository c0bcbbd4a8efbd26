import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { routeList } from '@tapewatch/shared/api/routes';
import { alertFailureMetric, alertMetricNamespace } from '@tapewatch/functions/jobs/alert-metrics';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { MAIL_METRIC_DIMENSION } from './identity.ts';

export interface MailAlarmsProps {
  /** The SES configuration set every mail route and job sends through (Identity). */
  configurationSetName: string;
  topic: ITopic;
  stage: string;
}

/** Hard bounces an hour before someone looks (a bad address list, a typo'd sender domain). */
export const BOUNCES_PER_HOUR = 5;

/**
 * Delivery failures of the product's mail and flow alerts. SES, from the configuration set's event
 * metrics: any reject (SES refused the message), bounces past BOUNCES_PER_HOUR, any complaint (SES
 * pauses accounts that collect them). The flow alerts, when a job of the job table sends alert
 * mail: any AlertDeliveryFailures datapoint, the metric the live path emits for failures it
 * catches so the feed goes on (functions/src/jobs/alert-metrics.ts); those jobs' Lambda errors
 * are JobAlarms' per-job Errors alarms. Without a mail route or job there is nothing to watch.
 */
export class MailAlarms extends Construct {
  readonly alarms: Alarm[] = [];

  constructor(
    scope: Construct,
    id: string,
    private readonly props: MailAlarmsProps,
  ) {
    super(scope, id);
    const mailRoutes = routeList.filter((r) => r.mail).map((r) => r.name);
    const mailJobs = schedules.filter((j) => j.mail).map((j) => j.name);
    if (mailRoutes.length + mailJobs.length === 0) return;
    const senders = [...mailRoutes, ...mailJobs].join(', ');
    this.add('SesRejects', this.ses('Reject', Duration.minutes(5)), 1, `SES rejected mail (senders: ${senders})`);
    this.add(
      'SesBounces',
      this.ses('Bounce', Duration.hours(1)),
      BOUNCES_PER_HOUR,
      `${BOUNCES_PER_HOUR} or more bounces in an hour (senders: ${senders})`,
    );
    this.add('SesComplaints', this.ses('Complaint', Duration.hours(1)), 1, 'A recipient marked our mail as spam');
    if (mailJobs.length === 0) return;
    this.add(
      'AlertDeliveryFailures',
      new Metric({
        namespace: alertMetricNamespace,
        metricName: alertFailureMetric,
        dimensionsMap: { Stage: props.stage },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      1,
      `Flow alerts failed to deliver (push, email or a whole batch; jobs: ${mailJobs.join(', ')}): see the logs' Kind`,
    );
  }

  private ses(metricName: string, period: Duration): Metric {
    return new Metric({
      namespace: 'AWS/SES',
      metricName,
      dimensionsMap: { [MAIL_METRIC_DIMENSION]: this.props.configurationSetName },
      statistic: 'Sum',
      period,
    });
  }

  private add(id: string, metric: Metric, threshold: number, description: string): void {
    const alarm = new Alarm(this, id, {
      alarmName: `${Stack.of(this).stackName}-mail-${id}`,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      // No mail sent is no failure.
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.props.topic));
    alarm.addOkAction(new SnsAction(this.props.topic));
    this.alarms.push(alarm);
  }
}
