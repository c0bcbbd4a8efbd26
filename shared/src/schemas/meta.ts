import { z } from 'zod';

/** What the UI needs to label the data it shows (the demo badge). */
export const appInfoSchema = z.object({
  data_mode: z.enum(['demo', 'live']),
  as_of: z.string().nullable(),
  options_flow: z.enum(['simulated', 'live']),
  version: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
