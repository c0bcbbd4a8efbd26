import { Duration, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { defaultStaleAfterDays, jobMetricName, jobMetricNamespace } from '@tapewatch/functions/jobs/job-metrics';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { pascal } from './http-api.ts';

export interface JobAlarmsProps {
  /** Job functions by schedule name (JobSchedules.functions). */
  functions: ReadonlyMap<string, LambdaFunction>;
  topic: ITopic;
  stage: string;
}

/** Weekday jobs skip Saturday and Sunday, plus a market holiday: 4 days without a success is a failure. */
const notRunDays = 4;
const day = Duration.days(1);

/**
 * Per scheduled job, so the page names the job: any error (errors >= 1 in five minutes), no
 * successful run for 4 days, and, for jobs that advance a dataset, data older than the job's
 * `staleAfterDays`. The last two read the `AsOfAgeDays` metric the job emits after each success
 * (functions/src/jobs/job-metrics.ts): measured from the stored as-of date, so a job that
 * "succeeds" without new data still pages.
 */
export class JobAlarms extends Construct {
  readonly alarms: Alarm[] = [];

  constructor(
    scope: Construct,
    id: string,
    private readonly props: JobAlarmsProps,
  ) {
    super(scope, id);
    for (const job of schedules) {
      const fn = props.functions.get(job.name);
      if (!fn) continue;
      const jobId = pascal(job.name);
      this.add(`${jobId}Errors`, fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }), {
        threshold: 1,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        periods: 1,
        missing: TreatMissingData.NOT_BREACHING,
        description: `Job ${job.name} failed (an error in five minutes; the event is in the job queue after the retries)`,
      });
      this.add(`${jobId}NotRun`, this.freshness(job.name, 'SampleCount'), {
        threshold: 1,
        comparison: ComparisonOperator.LESS_THAN_THRESHOLD,
        periods: notRunDays,
        // No datapoint is exactly the failure this alarm is for.
        missing: TreatMissingData.BREACHING,
        description: `Job ${job.name} has not succeeded for ${notRunDays} days`,
      });
      if (!job.dataset) continue;
      const staleAfter = job.staleAfterDays ?? defaultStaleAfterDays;
      this.add(`${jobId}Stale`, this.freshness(job.name, 'Maximum'), {
        threshold: staleAfter,
        comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        periods: 1,
        missing: TreatMissingData.NOT_BREACHING,
        description: `Job ${job.name}: ${job.dataset} is ${staleAfter} or more days old although the job ran`,
      });
    }
  }

  private freshness(job: string, statistic: 'SampleCount' | 'Maximum'): Metric {
    return new Metric({
      namespace: jobMetricNamespace,
      metricName: jobMetricName,
      dimensionsMap: { Stage: this.props.stage, Job: job },
      statistic,
      period: day,
    });
  }

  private add(
    id: string,
    metric: IMetric,
    o: {
      threshold: number;
      comparison: ComparisonOperator;
      periods: number;
      missing: TreatMissingData;
      description: string;
    },
  ): void {
    const alarm = new Alarm(this, id, {
      alarmName: `${Stack.of(this).stackName}-job-${id}`,
      metric,
      threshold: o.threshold,
      comparisonOperator: o.comparison,
      evaluationPeriods: o.periods,
      datapointsToAlarm: o.periods,
      treatMissingData: o.missing,
      alarmDescription: o.description,
    });
    alarm.addAlarmAction(new SnsAction(this.props.topic));
    alarm.addOkAction(new SnsAction(this.props.topic));
    this.alarms.push(alarm);
  }
}
