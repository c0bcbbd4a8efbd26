import { describe, expect, it } from 'vitest';
import { asOfAgeDays, emitJobMetric, jobMetricLine, jobMetricNamespace } from './job-metrics.ts';

describe('asOfAgeDays', () => {
  it('counts calendar days from the dataset as-of date to today (New York dates)', () => {
    expect(asOfAgeDays('2024-03-08', '2024-03-08')).toBe(0);
    // Friday's data on Monday evening: 3, under the 5-day default that tolerates a long weekend.
    expect(asOfAgeDays('2024-03-08', '2024-03-11')).toBe(3);
    expect(asOfAgeDays('2024-02-28', '2024-03-01')).toBe(2);
  });

  it('reads a missing as-of date as very old, so a job that never advanced its dataset pages', () => {
    expect(asOfAgeDays(null, '2024-03-08')).toBe(9999);
  });
});

describe('jobMetricLine', () => {
  it('is one CloudWatch embedded-metric-format line with the Stage and Job dimensions the alarms use', () => {
    const line = jobMetricLine({ job: 'darkpools', stage: 'prod', ageDays: 1, at: new Date('2024-03-08T23:00:00Z') });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      _aws: {
        Timestamp: Date.parse('2024-03-08T23:00:00Z'),
        CloudWatchMetrics: [
          {
            Namespace: jobMetricNamespace,
            Dimensions: [['Stage', 'Job']],
            Metrics: [{ Name: 'AsOfAgeDays', Unit: 'Count' }],
          },
        ],
      },
      Stage: 'prod',
      Job: 'darkpools',
      AsOfAgeDays: 1,
    });
  });
});

describe('emitJobMetric', () => {
  it('writes the line inside Lambda only (the local runtime logs to a terminal, where it would be noise)', () => {
    const lines: string[] = [];
    const write = (l: string) => void lines.push(l);
    emitJobMetric({ job: 'prices', ageDays: 0 }, { TAPEWATCH_STAGE: 'dev' }, write);
    expect(lines).toEqual([]);
    emitJobMetric({ job: 'prices', ageDays: 0 }, { TAPEWATCH_STAGE: 'dev', AWS_LAMBDA_FUNCTION_NAME: 'fn' }, write);
    expect(JSON.parse(lines[0]!)).toMatchObject({ Stage: 'dev', Job: 'prices', AsOfAgeDays: 0 });
  });
});
