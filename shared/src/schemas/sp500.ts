import { z } from 'zod';
import { SP500_DATASETS, SP500_DEFAULT_DATASET } from '../params/sp500.ts';
export * from '../params/sp500.ts';

export const sp500DatasetSchema = z.enum(SP500_DATASETS);

/** The enum, with a 400 message that names the unknown id (shortened: it is echoed to the screen). */
export const sp500RatiosQuery = z.strictObject({
  dataset: z
    .string()
    .default(SP500_DEFAULT_DATASET)
    .transform((value, ctx) => {
      const parsed = sp500DatasetSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: `unknown dataset '${value.slice(0, 60)}'` });
      return z.NEVER;
    }),
});

export const sp500StatSchema = z.object({ key: z.string(), value: z.union([z.number(), z.string(), z.null()]) });
export type Sp500Stat = z.infer<typeof sp500StatSchema>;

export const sp500RatiosResponse = z.object({
  dataset: z.enum(SP500_DATASETS),
  label: z.string(),
  unit: z.enum(['ratio', 'percent', 'usd']),
  /** First day of the month of each observation, oldest first. */
  dates: z.array(z.string()),
  data: z.array(z.number()),
  /** Difference from the previous observation of this dataset (null for the first). */
  change: z.array(z.number().nullable()),
  /** That difference in percent of the previous absolute value. */
  change_pct: z.array(z.number().nullable()),
  stats: z.array(sp500StatSchema),
  /** Set (with empty series) when no configured source supplies this family. */
  no_data_message: z.string().optional(),
  source: z.string(),
  as_of: z.string().nullable(),
});
export type Sp500RatiosResponse = z.infer<typeof sp500RatiosResponse>;
