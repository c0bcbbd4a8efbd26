import type { DarkPoolRow } from '@tapewatch/shared/schemas/dark-pools';
import type { ShortInterestRow } from '@tapewatch/shared/schemas/short-interest';
import type { SignalRow } from '@tapewatch/shared/schemas/signals';
import type { WatchlistOverviewRow } from '@tapewatch/shared/schemas/watchlists';

export interface OverviewInputs {
  ticker: string;
  company: string;
  sector: string;
  /** Closes up to today, oldest first. */
  closes: readonly number[];
  darkPool?: DarkPoolRow;
  shortInterest?: ShortInterestRow;
  signals: readonly SignalRow[];
}

const pct = (now: number | undefined, then: number | undefined): number | null =>
  now === undefined || then === undefined || then === 0 ? null : (now / then - 1) * 100;

/** One row of the /watchlist page: quote, 1W (5 sessions) and 1M (21 sessions) returns, and the latest of each dataset. */
export function overviewRow(input: OverviewInputs): WatchlistOverviewRow {
  const c = input.closes;
  const n = c.length;
  const last = c[n - 1];
  const prev = c[n - 2];
  const signal = [...input.signals].sort((a, b) =>
    a.date === b.date ? b.expected_ret - a.expected_ret : a.date < b.date ? 1 : -1,
  )[0];
  return {
    ticker: input.ticker,
    company: input.company,
    sector: input.sector,
    price: last ?? null,
    change: last !== undefined && prev !== undefined ? last - prev : null,
    change_pct: pct(last, prev),
    return_1w: pct(last, c[n - 6]),
    return_1m: pct(last, c[n - 22]),
    dp_position: input.darkPool?.['Dark Pools Position'] ?? null,
    dp_position_dollar: input.darkPool?.['Dark Pools Position $'] ?? null,
    si_pct_float: input.shortInterest?.['%Float Short'] ?? null,
    signal: signal
      ? { date: signal.date, factor: signal.factor, timeframe: signal.timeframe, expected_ret: signal.expected_ret }
      : null,
  };
}
