import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { IntradayPremiumsData } from '../api/ticker-overview-api.ts';

/** Spec part 2 section 9: moving averages over 10 and 20 periods; zoom never narrower than 25%. */
export const MA_PERIODS = [10, 20] as const;
export const MIN_ZOOM_SPAN = 0.25;
/** The premium axis reaches 4x the largest bar, so the bars stay in the bottom quarter under the candles. */
export const PREMIUM_AXIS_FACTOR = 4;

export interface IntradayView {
  index: readonly string[];
  ohlc: IntradayPremiumsData['ohlc'];
  calls: readonly number[];
  puts: readonly number[];
  ma10: Array<number | null>;
  ma20: Array<number | null>;
  premiumMax: number;
  priceMin: number;
  priceMax: number;
}

/** Mean of the last `period` closes; null until `period` buckets exist or while one of them has no price. */
export function movingAverage(closes: ReadonlyArray<number | null>, period: number): Array<number | null> {
  return closes.map((_, i) => {
    if (i + 1 < period) return null;
    let sum = 0;
    for (let j = i + 1 - period; j <= i; j += 1) {
      const c = closes[j];
      if (c === null || c === undefined) return null;
      sum += c;
    }
    return sum / period;
  });
}

export function intradayView(data: IntradayPremiumsData): IntradayView {
  const closes = data.ohlc.map((c) => (c ? c[3] : null));
  const lows = data.ohlc.flatMap((c) => (c ? [c[2]] : []));
  const highs = data.ohlc.flatMap((c) => (c ? [c[1]] : []));
  const dataMax = Math.max(0, ...data.calls, ...data.puts);
  return {
    index: data.index,
    ohlc: data.ohlc,
    calls: data.calls,
    puts: data.puts,
    ma10: movingAverage(closes, MA_PERIODS[0]),
    ma20: movingAverage(closes, MA_PERIODS[1]),
    premiumMax: dataMax > 0 ? dataMax * PREMIUM_AXIS_FACTOR : 1,
    priceMin: lows.length ? Math.min(...lows) : 0,
    priceMax: highs.length ? Math.max(...highs) : 1,
  };
}

/** The visible part of the chart as fractions of the whole, [start, end]. */
export interface ZoomWindow {
  start: number;
  end: number;
}
export const FULL_ZOOM: ZoomWindow = { start: 0, end: 1 };

/** Keeps a window inside [0, 1] and at least MIN_ZOOM_SPAN wide (moving it rather than shrinking it). */
export function clampZoom({ start, end }: ZoomWindow): ZoomWindow {
  const span = Math.min(1, Math.max(MIN_ZOOM_SPAN, end - start));
  const s = Math.min(1 - span, Math.max(0, start));
  return { start: s, end: s + span };
}

/** Zooms by `factor` (< 1 in, > 1 out) around `anchor` (a fraction of the visible window). */
export function zoomAround(w: ZoomWindow, factor: number, anchor: number): ZoomWindow {
  const span = w.end - w.start;
  const at = w.start + anchor * span;
  const next = Math.min(1, Math.max(MIN_ZOOM_SPAN, span * factor));
  return clampZoom({ start: at - anchor * next, end: at - anchor * next + next });
}

/** Bucket indices [from, to) shown for a window over n buckets (at least one). */
export function visibleRange(n: number, w: ZoomWindow): [number, number] {
  const from = Math.max(0, Math.min(n - 1, Math.floor(w.start * n + 1e-9)));
  const to = Math.max(from + 1, Math.min(n, Math.ceil(w.end * n - 1e-9)));
  return [from, to];
}

const price = (v: number | null | undefined) => formatNumber(v ?? null, 2);

export function intradayTable(view: IntradayView): ChartTableData {
  return {
    rowHeader: 'Time',
    columns: ['Open', 'High', 'Low', 'Close', 'Calls ($K)', 'Puts ($K)', 'MA10', 'MA20'],
    rows: view.index.map((time, i) => {
      const c = view.ohlc[i] ?? null;
      return {
        key: time,
        label: time,
        cells: [
          price(c?.[0]),
          price(c?.[1]),
          price(c?.[2]),
          price(c?.[3]),
          formatNumber(view.calls[i], 0),
          formatNumber(view.puts[i], 0),
          price(view.ma10[i]),
          price(view.ma20[i]),
        ],
      };
    }),
    testId: 'intraday-data',
    rowTestId: 'intraday-row',
  };
}
