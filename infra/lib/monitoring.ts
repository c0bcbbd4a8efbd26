import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface MonitoringProps {
  httpApi: HttpApi;
  webSocketApi: WebSocketApi;
  jobDeadLetters: Queue;
  /** Subscribed to the alarm topic when given (the address must confirm the subscription mail). */
  alarmEmail?: string;
}

const period = Duration.minutes(5);

/** AWS/Lambda totals over every function in the account and region (no per-function alarms to pay for). */
function lambdaTotal(
  metricName: 'Errors' | 'Throttles' | 'Invocations' | 'ConcurrentExecutions',
  statistic = 'Sum',
): Metric {
  return new Metric({ namespace: 'AWS/Lambda', metricName, statistic, period });
}

/**
 * Alarms (to an SNS topic, e-mailed when configured) and one dashboard. Lambda errors and throttles
 * are account-level totals: cheaper than ~90 per-function alarms, and a deploy per account keeps
 * them specific (see README); the dashboard and logs name the function.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: `${Stack.of(this).stackName} alarms` });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const requests = props.httpApi.metricCount({ period, statistic: 'Sum' });
    const serverErrors = props.httpApi.metricServerError({ period, statistic: 'Sum' });
    const serverErrorRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: serverErrors },
      label: 'API 5xx %',
      period,
    });
    const deadLetters = props.jobDeadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' });

    this.alarm(
      'Api5xxRate',
      serverErrorRate,
      5,
      'More than 5% of /api requests answered 5xx (2 of 3 five-minute periods)',
      2,
      3,
    );
    this.alarm(
      'LambdaErrors',
      lambdaTotal('Errors'),
      5,
      'Lambda functions raised 5 or more errors within five minutes',
      1,
      1,
    );
    this.alarm(
      'LambdaThrottles',
      lambdaTotal('Throttles'),
      1,
      'Lambda invocations were throttled (concurrency limit reached)',
      1,
      1,
    );
    this.alarm(
      'JobDeadLetters',
      deadLetters,
      1,
      'A scheduled job failed after its retries (message in the job dead-letter queue)',
      1,
      1,
    );

    const wsConnects = new Metric({
      namespace: 'AWS/ApiGateway',
      metricName: 'ConnectCount',
      dimensionsMap: { ApiId: props.webSocketApi.apiId },
      statistic: 'Sum',
      period,
    });
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-overview`,
      widgets: [
        [
          graph('API requests and 5xx', [requests, serverErrors]),
          graph('API latency p99 (ms)', [props.httpApi.metricLatency({ period, statistic: 'p99' })]),
          graph('API 5xx %', [serverErrorRate]),
        ],
        [
          graph('Lambda errors and throttles', [lambdaTotal('Errors'), lambdaTotal('Throttles')]),
          graph('Lambda concurrency (max)', [lambdaTotal('ConcurrentExecutions', 'Maximum')]),
          graph('Job dead letters / WebSocket connects', [deadLetters, wsConnects]),
        ],
      ],
    });
  }

  private alarm(
    id: string,
    metric: IMetric,
    threshold: number,
    description: string,
    datapoints: number,
    periods: number,
  ): void {
    const alarm = new Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: periods,
      datapointsToAlarm: datapoints,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

function graph(title: string, metrics: IMetric[]): GraphWidget {
  return new GraphWidget({ title, left: metrics, width: 8, height: 6 });
}
