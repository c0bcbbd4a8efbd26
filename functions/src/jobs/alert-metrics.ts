/**
 * Flow alert delivery failures as a CloudWatch metric (embedded metric format, like job-metrics.ts):
 * the live path catches them so the feed goes on, which hides them from the Lambda Errors metric;
 * infra/lib/mail-delivery.ts alarms on this one. `Kind` rides along as a property (searchable in
 * the logs), not as a dimension, so one alarm covers every kind.
 */
export const alertMetricNamespace = 'Tapewatch/Alerts';
export const alertFailureMetric = 'AlertDeliveryFailures';

/** What failed: the whole batch (matching, history), a socket push, an email, or a browser (Web Push) notification. */
export type AlertFailureKind = 'batch' | 'push' | 'email' | 'webpush';

export function alertFailureLine(m: { stage: string; kind: AlertFailureKind; at?: Date }): string {
  return `${JSON.stringify({
    _aws: {
      Timestamp: (m.at ?? new Date()).getTime(),
      CloudWatchMetrics: [
        {
          Namespace: alertMetricNamespace,
          Dimensions: [['Stage']],
          Metrics: [{ Name: alertFailureMetric, Unit: 'Count' }],
        },
      ],
    },
    Stage: m.stage,
    Kind: m.kind,
    [alertFailureMetric]: 1,
  })}\n`;
}

/** Inside Lambda only (elsewhere the log line of the failure is enough). */
export function emitAlertFailure(
  kind: AlertFailureKind,
  env: NodeJS.ProcessEnv = process.env,
  write: (line: string) => void = (line) => void process.stdout.write(line),
): void {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) return;
  write(alertFailureLine({ stage: env.TAPEWATCH_STAGE ?? 'dev', kind }));
}
