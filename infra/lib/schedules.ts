import { Duration, TimeZone } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { schedules } from '@tapewatch/functions/platform/schedules';
import type { ApiFunctionFactory } from './api-function-factory.ts';
import type { Identity } from './identity.ts';
import type { MarketDataSettings } from './market-data.ts';
import type { WebPushSettings } from './web-push.ts';
import { unixCronToCronOptions } from './cron.ts';
import { pascal } from './http-api.ts';

export interface JobSchedulesProps {
  factory: ApiFunctionFactory;
  /** Jobs that send flow alert emails (`mail` in the schedule table) get SES and the link secret. */
  identity?: Identity;
  /** Live market data: the jobs of a keyed provider get read access to its secret. */
  marketData?: MarketDataSettings;
  /** Jobs that send browser pushes (`push` in the schedule table) get the VAPID private key. */
  webPush?: WebPushSettings;
}

/** Jobs that post to WebSocket connections (new_flow, database_cleared); checked against the table in tests. */
export const fanoutJobs = ['flow-ingest', 'flow-live-poll', 'flow-reset'] as const;

/**
 * One EventBridge Scheduler schedule + job Lambda per entry of functions/src/platform/schedules.ts.
 * Scheduler (not EventBridge rules) because market times are New York wall-clock and rules
 * are UTC-only, which would drift an hour at every DST change.
 */
export class JobSchedules extends Construct {
  readonly functions: ReadonlyMap<string, LambdaFunction>;
  /** Undeliverable schedule events and failed job invocations (after the retries) land here; an alarm watches it. */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: JobSchedulesProps) {
    super(scope, id);
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const functions = new Map<string, LambdaFunction>();
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
        secretsExtension:
          job.mail === true ||
          (job.push === true && props.webPush !== undefined) ||
          (props.marketData?.secretsOf(job.name).length ?? 0) > 0,
      });
      props.marketData?.configure(fn, props.marketData.secretsOf(job.name));
      if (job.mail && props.identity) {
        props.identity.grantMail(fn);
        props.identity.grantAlertLink(fn);
      }
      if (job.push) props.webPush?.configureSender(fn);
      // Scheduler invokes asynchronously, so its dead-letter queue only sees invocations it could
      // not deliver; a job that throws is retried by Lambda and then lands here through this
      // on-failure destination (with the error and the event), where the queue alarm sees it.
      fn.configureAsyncInvoke({
        onFailure: new SqsDestination(this.deadLetterQueue),
        retryAttempts: 2,
        maxEventAge: Duration.hours(1),
      });
      new Schedule(this, `${jobId}Schedule`, {
        description: `${job.description} (${job.cron} America/New_York)`,
        schedule: ScheduleExpression.cron({
          ...unixCronToCronOptions(job.cron),
          timeZone: TimeZone.AMERICA_NEW_YORK,
        }),
        // Jobs are idempotent, so a retry after a partial run is safe.
        target: new LambdaInvoke(fn, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: this.deadLetterQueue,
        }),
      });
      functions.set(job.name, fn);
    }
    this.functions = functions;
  }
}
