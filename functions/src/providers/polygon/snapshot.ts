import { z } from 'zod';
import { createReportBuilder, describeIssues } from '../parse-report.ts';
import type { ParseReport } from '../parse-report.ts';
import { nanosToMillis, newYorkDate } from '../trading-date.ts';
import { checkEnvelope, PolygonEnvelopeError, resultsOf } from './envelope.ts';

/**
 * Polygon v2 stock snapshots: /v2/snapshot/locale/us/markets/stocks/tickers/{t} ({ ticker: {...} }),
 * /tickers and /gainers|losers ({ tickers: [...] }). Bars carry no timestamp except `min.t` (ms);
 * quote/trade/updated times are epoch nanoseconds.
 */
export interface SnapshotBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  vwap: number | null;
}

export interface TickerSnapshot {
  ticker: string;
  day: SnapshotBar | null;
  prevDay: SnapshotBar | null;
  /** Latest minute bar; accumulatedVolume is the day volume up to that minute. */
  minute: (SnapshotBar & { accumulatedVolume: number | null; timestamp: number | null }) | null;
  lastQuote: { bid: number; bidSize: number; ask: number; askSize: number; timestamp: number | null } | null;
  lastTrade: {
    price: number;
    size: number;
    exchange: number | null;
    conditions: number[];
    timestamp: number | null;
  } | null;
  todaysChange: number | null;
  todaysChangePerc: number | null;
  /** Last update, epoch ms. */
  updated: number | null;
  /** New York date of `updated`, when known. */
  tradingDate: string | null;
}

const bar = z.object({
  o: z.number(),
  h: z.number(),
  l: z.number(),
  c: z.number(),
  v: z.number(),
  vw: z.number().nullish(),
});
// Outside market hours Polygon sends all-zero bars; treat those as "no bar".
const optionalBar = bar
  .nullish()
  .transform((b): SnapshotBar | null =>
    !b || (b.o === 0 && b.h === 0 && b.l === 0 && b.c === 0)
      ? null
      : { open: b.o, high: b.h, low: b.l, close: b.c, volume: b.v, vwap: b.vw ?? null },
  );
const nanos = z
  .number()
  .nullish()
  .transform((t) => (t ? nanosToMillis(t) : null));

const snapshotSchema = z.object({
  ticker: z.string().min(1),
  day: optionalBar,
  prevDay: optionalBar,
  min: bar
    .extend({ av: z.number().nullish(), t: z.number().nullish() })
    .nullish()
    .transform((m) => m ?? null),
  lastQuote: z
    .object({ p: z.number(), s: z.number(), P: z.number(), S: z.number(), t: nanos })
    .nullish()
    .transform((q) => (q ? { bid: q.p, bidSize: q.s, ask: q.P, askSize: q.S, timestamp: q.t } : null)),
  lastTrade: z
    .object({ p: z.number(), s: z.number(), x: z.number().nullish(), c: z.array(z.number()).nullish(), t: nanos })
    .nullish()
    .transform((t) =>
      t ? { price: t.p, size: t.s, exchange: t.x ?? null, conditions: t.c ?? [], timestamp: t.t } : null,
    ),
  todaysChange: z.number().nullish(),
  todaysChangePerc: z.number().nullish(),
  updated: nanos,
});

function toSnapshot(s: z.infer<typeof snapshotSchema>): TickerSnapshot {
  const m = s.min;
  return {
    ticker: s.ticker,
    day: s.day,
    prevDay: s.prevDay,
    minute: m
      ? {
          open: m.o,
          high: m.h,
          low: m.l,
          close: m.c,
          volume: m.v,
          vwap: m.vw ?? null,
          accumulatedVolume: m.av ?? null,
          timestamp: m.t ?? null,
        }
      : null,
    lastQuote: s.lastQuote,
    lastTrade: s.lastTrade,
    todaysChange: s.todaysChange ?? null,
    todaysChangePerc: s.todaysChangePerc ?? null,
    updated: s.updated,
    tradingDate: s.updated === null ? null : newYorkDate(s.updated),
  };
}

/** Accepts both the single-ticker ({ ticker }) and the list ({ tickers }) responses. */
export function parsePolygonSnapshot(json: unknown): ParseReport<TickerSnapshot> {
  const env = checkEnvelope(json);
  let items: unknown[];
  if (typeof env.ticker === 'object' && env.ticker !== null) items = [env.ticker];
  else if ('tickers' in env) items = resultsOf(env, 'tickers');
  else throw new PolygonEnvelopeError('snapshot has neither ticker nor tickers');
  const report = createReportBuilder<TickerSnapshot>();
  items.forEach((raw, i) => {
    const parsed = snapshotSchema.safeParse(raw);
    if (parsed.success) report.add(toSnapshot(parsed.data));
    else report.skip(i + 1, describeIssues(parsed.error.issues), JSON.stringify(raw));
  });
  return report.build();
}
