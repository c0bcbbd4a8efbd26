import { z } from 'zod';

/** What the UI needs to label the data it shows (the demo badge). */
export const appInfoSchema = z.object({
  data_mode: z.enum(['demo', 'live']),
  as_of: z.string().nullable(),
  options_flow: z.enum(['simulated', 'live']),
  version: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** One market-data source and whether this deployment can serve it (shared/src/api/data-sources.ts). */
export const dataSourceStatusSchema = z.object({
  source: z.string(),
  name: z.string(),
  provider: z.string(),
  env_key: z.string().nullable(),
  cost: z.enum(['free', 'paid']),
  terms: z.string(),
  /**
   * demo: the demo generators serve it; missing_key / no_live_adapter: its screens answer
   * `unavailable`; live and configured, from the last runs of its jobs: ready (the latest finished
   * run succeeded), failing (since the first failure after the last success, with the error) or
   * pending (no run finished yet).
   */
  state: z.enum(['demo', 'ready', 'failing', 'pending', 'missing_key', 'no_live_adapter']),
  /** failing: when the failures began (ISO time); otherwise null. */
  since: z.string().nullable(),
  /** failing: the latest failed run's error; otherwise null. */
  error: z.string().nullable(),
  /** When one of its jobs last succeeded (null: never, or not a live source). */
  last_success_at: z.string().nullable(),
  screens: z.array(z.string()),
  unavailable: z.string(),
});
export type DataSourceStatus = z.infer<typeof dataSourceStatusSchema>;

export const dataStatusSchema = z.object({
  data_mode: z.enum(['demo', 'live']),
  sources: z.array(dataSourceStatusSchema),
  datasets: z.array(z.object({ dataset: z.string(), as_of: z.string().nullable(), updated_at: z.string().nullable() })),
  jobs: z.array(
    z.object({
      job: z.string(),
      schedule: z.string(),
      description: z.string(),
      last_run: z
        .object({
          status: z.enum(['running', 'succeeded', 'failed']),
          from: z.string(),
          to: z.string(),
          started_at: z.string(),
          ended_at: z.string().nullable(),
          rows_read: z.number(),
          rows_written: z.number(),
          rows_skipped: z.number(),
          error: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type DataStatus = z.infer<typeof dataStatusSchema>;

/** The OpenAPI 3.1 document (shared/src/api/openapi.ts builds it from the route table). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({}),
});
