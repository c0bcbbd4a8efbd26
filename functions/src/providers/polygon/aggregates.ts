import { z } from 'zod';
import { createReportBuilder, describeIssues } from '../parse-report.ts';
import type { ParseReport } from '../parse-report.ts';
import { newYorkDate } from '../trading-date.ts';
import { checkEnvelope, resultsOf } from './envelope.ts';

/**
 * Polygon v2 aggregate bars: /v2/aggs/ticker/{t}/range/1/day/{from}/{to}, /v2/aggs/ticker/{t}/prev
 * and /v2/aggs/grouped/locale/us/market/stocks/{date}. All three share the bar shape
 * { T?, o, h, l, c, v, vw?, t, n? } with t = epoch ms of the bar start.
 */
export interface DailyBar {
  ticker: string;
  /** New York trading date of the bar. */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  vwap: number | null;
  transactions: number | null;
  /** Bar start, epoch ms, as sent. */
  timestamp: number;
}

export interface DailyBarsReport extends ParseReport<DailyBar> {
  /** Polygon pagination cursor; present when the range did not fit one response. */
  nextUrl?: string;
}

const barSchema = z
  .object({
    T: z.string().min(1).optional(),
    o: z.number(),
    h: z.number(),
    l: z.number(),
    c: z.number(),
    v: z.number().nonnegative(),
    vw: z.number().nullish(),
    t: z.number().int(),
    n: z.number().int().nullish(),
  })
  .refine((b) => b.l <= Math.min(b.o, b.c) && b.h >= Math.max(b.o, b.c), 'high/low do not bracket open/close');

export function parsePolygonAggregates(json: unknown): DailyBarsReport {
  const env = checkEnvelope(json);
  const envTicker = typeof env.ticker === 'string' ? env.ticker : undefined;
  const report = createReportBuilder<DailyBar>();
  resultsOf(env).forEach((raw, i) => {
    const parsed = barSchema.safeParse(raw);
    if (!parsed.success) {
      report.skip(i + 1, describeIssues(parsed.error.issues), JSON.stringify(raw));
      return;
    }
    const b = parsed.data;
    const ticker = b.T ?? envTicker;
    if (!ticker) {
      report.skip(i + 1, 'T: no ticker on bar or envelope', JSON.stringify(raw));
      return;
    }
    report.add({
      ticker,
      date: newYorkDate(b.t),
      open: b.o,
      high: b.h,
      low: b.l,
      close: b.c,
      volume: b.v,
      vwap: b.vw ?? null,
      transactions: b.n ?? null,
      timestamp: b.t,
    });
  });
  const result: DailyBarsReport = report.build();
  if (env.next_url) result.nextUrl = env.next_url;
  return result;
}
