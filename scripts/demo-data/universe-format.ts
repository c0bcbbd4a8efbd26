import { join } from 'node:path';
import type { DailySeries } from '@tapewatch/functions/data/timeseries-repository';

export const BUNDLE_DIR = join(import.meta.dirname, 'bundle');
export const STOCK_FILES = ['stocks-daily-1.jsonl.gz', 'stocks-daily-2.jsonl.gz', 'stocks-daily-3.jsonl.gz'] as const;

export interface StockRow {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  adjClose: number;
  volume: number;
}

/**
 * One ticker's history, compact: trading days as gaps in calendar days from `d0`; the
 * split-adjusted close in cents as differences from the previous day; open/high/low in cents
 * relative to that day's close; volume as is; and the split- and dividend-adjusted close in
 * millionths of a dollar (the source's 6 decimals) as differences from the previous day. The
 * adjusted close is kept at full precision because signals compare its returns with thresholds:
 * rebuilt from a cents close times a rounded factor it put AAPL's 20-day ROC on 2017-08-08 at
 * 10.0054% instead of 9.9979%, and 46 ROC values of the universe on the wrong side of 10%.
 */
export interface EncodedStock {
  t: string;
  d0: string;
  gaps: number[];
  c: number[];
  o: number[];
  h: number[];
  l: number[];
  v: number[];
  a: number[];
}

const cents = (x: number) => Math.round(x * 100);
const micros = (x: number) => Math.round(x * 1e6);
const DAY = 86_400_000;

export function encodeStockSeries(t: string, rows: readonly StockRow[]): EncodedStock {
  const out: EncodedStock = { t, d0: rows[0]!.date, gaps: [], c: [], o: [], h: [], l: [], v: [], a: [] };
  let prevDate = Date.parse(rows[0]!.date);
  let prevClose = 0;
  let prevAdj = 0;
  rows.forEach((r, i) => {
    const d = Date.parse(r.date);
    if (i > 0) out.gaps.push(Math.round((d - prevDate) / DAY));
    prevDate = d;
    const c = cents(r.close);
    out.c.push(c - prevClose);
    prevClose = c;
    out.o.push(cents(r.open) - c);
    out.h.push(cents(r.high) - c);
    out.l.push(cents(r.low) - c);
    out.v.push(r.volume);
    const a = micros(r.adjClose);
    out.a.push(a - prevAdj);
    prevAdj = a;
  });
  return out;
}

export interface DecodedStock {
  ticker: string;
  /** Split-adjusted OHLCV as traded, plus split- and dividend-adjusted closes. */
  series: DailySeries;
}

export function decodeStockSeries(e: EncodedStock): DecodedStock {
  const adjClose: number[] = [];
  const series: DailySeries = { date: [], open: [], high: [], low: [], close: [], volume: [], adjClose };
  let t = Date.parse(e.d0);
  let c = 0;
  let a = 0;
  for (let i = 0; i < e.c.length; i++) {
    if (i > 0) t += e.gaps[i - 1]! * DAY;
    c += e.c[i]!;
    a += e.a[i]!;
    series.date.push(new Date(t).toISOString().slice(0, 10));
    series.close.push(c / 100);
    series.open.push((c + e.o[i]!) / 100);
    series.high.push((c + e.h[i]!) / 100);
    series.low.push((c + e.l[i]!) / 100);
    series.volume!.push(e.v[i]!);
    adjClose.push(a / 1e6);
  }
  return { ticker: e.t, series };
}
