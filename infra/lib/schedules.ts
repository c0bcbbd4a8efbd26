import { Duration, TimeZone } from 'aws-cdk-lib';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { schedules } from '@tapewatch/functions/jobs/schedules';
import type { ApiFunctionFactory } from './api-function-factory.ts';
import { unixCronToCronOptions } from './cron.ts';
import { pascal } from './http-api.ts';

export interface JobSchedulesProps {
  factory: ApiFunctionFactory;
}

/**
 * One EventBridge Scheduler schedule + job Lambda per entry of functions/src/jobs/schedules.ts.
 * Scheduler (not EventBridge rules) because market times are New York wall-clock and rules
 * are UTC-only, which would drift an hour at every DST change.
 */
export class JobSchedules extends Construct {
  readonly functions: ReadonlyMap<string, NodejsFunction>;

  constructor(scope: Construct, id: string, props: JobSchedulesProps) {
    super(scope, id);
    const functions = new Map<string, NodejsFunction>();
    for (const job of schedules) {
      const jobId = pascal(job.name);
      const fn = props.factory.create(this, `${jobId}Job`, {
        kind: 'job',
        module: job.handler,
        reads: job.reads,
        writes: job.writes,
        description: `Job ${job.name}: ${job.description}`,
        timeout: Duration.minutes(5),
        memorySize: 1024,
      });
      new Schedule(this, `${jobId}Schedule`, {
        description: `${job.description} (${job.cron} America/New_York)`,
        schedule: ScheduleExpression.cron({
          ...unixCronToCronOptions(job.cron),
          timeZone: TimeZone.AMERICA_NEW_YORK,
        }),
        // Jobs are idempotent, so a retry after a partial run is safe.
        target: new LambdaInvoke(fn, { retryAttempts: 2, maxEventAge: Duration.hours(1) }),
      });
      functions.set(job.name, fn);
    }
    this.functions = functions;
  }
}
