/**
 * The freshness metric every scheduled job emits after a successful run, which the per-job alarms
 * of infra/lib/job-alarms.ts watch: `AsOfAgeDays` = calendar days between the job's dataset as-of
 * date (get_data_status) and today, 0 for jobs without a dataset (the run is the fresh part).
 * One metric gives both checks: its Maximum says the data is stale although the job runs (a vendor
 * that stopped publishing, a parser that keeps 0 rows), its SampleCount that the job did not
 * succeed at all (a disabled schedule, a crash on every run). Written in CloudWatch's embedded
 * metric format, so no PutMetricData call or grant is needed.
 */
export const jobMetricNamespace = 'Tapewatch/Jobs';
export const jobMetricName = 'AsOfAgeDays';
/** Calendar days a daily dataset may lag: Friday's data is 3 days old on Monday, 4 after a Monday holiday. */
export const defaultStaleAfterDays = 5;
/** A dataset that has no as-of date at all counts as this old. */
const neverDays = 9999;

export function asOfAgeDays(asOf: string | null, today: string): number {
  if (!asOf) return neverDays;
  return Math.max(0, Math.round((Date.parse(today) - Date.parse(asOf)) / 86_400_000));
}

export function jobMetricLine(m: { job: string; stage: string; ageDays: number; at?: Date }): string {
  const line = {
    _aws: {
      Timestamp: (m.at ?? new Date()).getTime(),
      CloudWatchMetrics: [
        {
          Namespace: jobMetricNamespace,
          Dimensions: [['Stage', 'Job']],
          Metrics: [{ Name: jobMetricName, Unit: 'Count' }],
        },
      ],
    },
    Stage: m.stage,
    Job: m.job,
    [jobMetricName]: m.ageDays,
  };
  return `${JSON.stringify(line)}\n`;
}

/**
 * Inside Lambda only. Written straight to stdout: console.log would prefix the line with the
 * runtime's timestamp and request id, and CloudWatch extracts metrics from whole-JSON lines only.
 */
export function emitJobMetric(
  m: { job: string; ageDays: number },
  env: NodeJS.ProcessEnv = process.env,
  write: (line: string) => void = (line) => void process.stdout.write(line),
): void {
  if (!env.AWS_LAMBDA_FUNCTION_NAME) return;
  write(jobMetricLine({ ...m, stage: env.TAPEWATCH_STAGE ?? 'dev' }));
}
