import { describe, expect, it } from 'vitest';
import { alertFailureLine, alertFailureMetric, alertMetricNamespace, emitAlertFailure } from './alert-metrics.ts';

describe('alert delivery failure metric', () => {
  it('is one embedded-metric-format line with the stage as the only dimension', () => {
    const at = new Date('2024-03-08T15:00:00Z');
    const line = alertFailureLine({ stage: 'prod', kind: 'email', at });
    expect(line.endsWith('\n')).toBe(true);
    const doc = JSON.parse(line) as Record<string, unknown> & { _aws: { CloudWatchMetrics: unknown[] } };
    expect(doc._aws).toEqual({
      Timestamp: at.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: alertMetricNamespace,
          Dimensions: [['Stage']],
          Metrics: [{ Name: alertFailureMetric, Unit: 'Count' }],
        },
      ],
    });
    expect(doc).toMatchObject({ Stage: 'prod', Kind: 'email', [alertFailureMetric]: 1 });
  });

  it('is written inside Lambda only', () => {
    const lines: string[] = [];
    emitAlertFailure('push', {}, (l) => lines.push(l));
    expect(lines).toEqual([]);
    emitAlertFailure('push', { AWS_LAMBDA_FUNCTION_NAME: 'f', TAPEWATCH_STAGE: 'staging' }, (l) => lines.push(l));
    expect(JSON.parse(lines[0]!)).toMatchObject({ Stage: 'staging', Kind: 'push' });
  });
});
