import { z } from 'zod';

const nullableNumber = z.number().nullable();

/** A heatmap as the spec sends it: axis labels and [x index, y index, percent] triples. */
export const heatmapSchema = z.object({
  x: z.array(z.string()),
  y: z.array(z.string()),
  returns_data: z.array(z.tuple([z.number().int(), z.number().int(), nullableNumber])),
});

/** One bar chart: sectors with the value split into a positive and a negative series. */
export const sectorBarSchema = z.object({
  index: z.array(z.string()),
  positive: z.array(nullableNumber),
  negative: z.array(nullableNumber),
});

export const sectorPerformanceSchema = z.object({
  as_of: z.string(),
  line_data: z.object({
    index: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), ticker: z.string(), returns: z.array(nullableNumber) })),
  }),
  heatmap_data: heatmapSchema,
  seasonality_data: heatmapSchema.extend({
    /** First full month each sector contributes, e.g. Real Estate from 2015-11. */
    since: z.array(z.string()),
  }),
  bar_data: z.object({
    chg_1w: sectorBarSchema,
    chg_1m: sectorBarSchema,
    chg_ytd: sectorBarSchema,
    chg_1y: sectorBarSchema,
  }),
});
export type SectorPerformance = z.infer<typeof sectorPerformanceSchema>;
export type Heatmap = z.infer<typeof heatmapSchema>;
export type SectorBar = z.infer<typeof sectorBarSchema>;
