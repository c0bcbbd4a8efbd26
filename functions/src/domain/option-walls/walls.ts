import { deltaAdjustedOi, liveContracts, round2, strikeBand, type ChainDay } from './chain.ts';

export interface ExpiryWalls {
  color: string;
  x_values: number[];
  y_call_values: number[];
  y_put_values: number[];
}

/** Distinct, colour-blind-friendly hues (Okabe-Ito plus two), nearest expiry first. */
export const EXPIRY_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#7F7F7F',
] as const;

/**
 * Delta-adjusted open interest per strike for the nearest `maxExpiries` live expiries, strikes
 * within the band around spot. Calls and puts of one strike share an x value; a side with no
 * listed contract (or no delta) counts 0.
 */
export function wallsByExpiry(chain: ChainDay, maxExpiries: number, bandPct: number): Record<string, ExpiryWalls> {
  const inBand = strikeBand(chain.spot, bandPct);
  const live = liveContracts(chain);
  const expiries = [...new Set(live.map((c) => c[0]))].sort().slice(0, maxExpiries);
  const out: Record<string, ExpiryWalls> = {};
  expiries.forEach((expiry, i) => {
    const byStrike = new Map<number, { call: number; put: number }>();
    for (const c of live) {
      if (c[0] !== expiry || !inBand(c[2])) continue;
      const v = deltaAdjustedOi(c) ?? 0;
      const cell = byStrike.get(c[2]) ?? { call: 0, put: 0 };
      if (c[1] === 'C') cell.call += v;
      else cell.put += v;
      byStrike.set(c[2], cell);
    }
    const strikes = [...byStrike.keys()].sort((a, b) => a - b);
    out[expiry] = {
      color: EXPIRY_COLORS[i % EXPIRY_COLORS.length]!,
      x_values: strikes,
      y_call_values: strikes.map((k) => round2(byStrike.get(k)!.call)),
      y_put_values: strikes.map((k) => round2(byStrike.get(k)!.put)),
    };
  });
  return out;
}

export interface DayExtremes {
  date: string;
  call: number | null;
  call_strike: number | null;
  put: number | null;
  put_strike: number | null;
}

/**
 * The day's largest call and most negative put delta-adjusted OI over every live (expiry, strike)
 * contract, with its strike. Ties keep the lower strike, then the nearer expiry.
 */
export function dayExtremes(chain: ChainDay): DayExtremes {
  let call: number | null = null;
  let callStrike: number | null = null;
  let put: number | null = null;
  let putStrike: number | null = null;
  const sorted = liveContracts(chain).sort((a, b) => a[2] - b[2] || a[0].localeCompare(b[0]));
  for (const c of sorted) {
    const v = deltaAdjustedOi(c);
    if (v === null) continue;
    if (c[1] === 'C' && (call === null || v > call)) {
      call = v;
      callStrike = c[2];
    } else if (c[1] === 'P' && (put === null || v < put)) {
      put = v;
      putStrike = c[2];
    }
  }
  return {
    date: chain.date,
    call: call === null ? null : round2(call),
    call_strike: callStrike,
    put: put === null ? null : round2(put),
    put_strike: putStrike,
  };
}

export interface MinmaxSeries {
  underlying: string;
  dates: string[];
  calls: Array<number | null>;
  call_strikes: Array<number | null>;
  puts: Array<number | null>;
  put_strikes: Array<number | null>;
}

/** Merges new days into the running series (a re-ingested day replaces its entry), keeping the last `maxDays`. */
export function mergeMinmax(
  underlying: string,
  previous: MinmaxSeries | null,
  days: readonly DayExtremes[],
  maxDays: number,
): MinmaxSeries {
  const byDate = new Map<string, DayExtremes>();
  if (previous) {
    previous.dates.forEach((date, i) => {
      byDate.set(date, {
        date,
        call: previous.calls[i] ?? null,
        call_strike: previous.call_strikes[i] ?? null,
        put: previous.puts[i] ?? null,
        put_strike: previous.put_strikes[i] ?? null,
      });
    });
  }
  for (const d of days) byDate.set(d.date, d);
  const kept = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)).slice(-maxDays);
  return {
    underlying,
    dates: kept.map((d) => d.date),
    calls: kept.map((d) => d.call),
    call_strikes: kept.map((d) => d.call_strike),
    puts: kept.map((d) => d.put),
    put_strikes: kept.map((d) => d.put_strike),
  };
}
