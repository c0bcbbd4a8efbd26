/**
 * Shares outstanding at a date D, estimated from public market-cap snapshots and a split list
 * (method in ../shared/data/SOURCES.md, section 4): shares at the snapshot = Market Cap / Price;
 * shares at D = that, divided by the product of ratio_new/ratio_old of every split with
 * D < split date <= snapshot date. The bundled prices are split-adjusted as of D (the Yahoo
 * download of 2024-03-09), so shares at D x any bundled close is a cap in the same basis.
 */

export interface Split {
  date: string;
  symbol: string;
  ratioNew: number;
  ratioOld: number;
}

/** One public snapshot of a company: Yahoo's market cap and price on `date`. */
export interface CapSnapshot {
  label: string;
  date: string;
  price: number;
  marketCap: number;
}

export interface SharesEstimate {
  /** Null when no snapshot gives a sane estimate: no market cap is better than a wrong one. */
  shares: number | null;
  /** The snapshot used (label), or null. */
  source: string | null;
  /** Why a snapshot was not used, one line per snapshot (for the provenance file). */
  rejected: string[];
}

/**
 * Largest factor an estimate's implied cap at D may differ from the cap its own snapshot
 * published. A missed split shows up as its ratio (BKNG 25:1, KLAC 10:1 in the 2026 snapshot);
 * real price moves of a large cap over the 7 months to 2024-10-10 stayed within 0.49x-2.4x.
 */
export const MAX_CAP_MOVE = 3;

/** Product of the split ratios of `symbol` with from < date <= to (1 when there is none). */
export function splitFactor(splits: readonly Split[], symbol: string, from: string, to: string): number {
  let f = 1;
  for (const s of splits) if (s.symbol === symbol && s.date > from && s.date <= to) f *= s.ratioNew / s.ratioOld;
  return f;
}

/**
 * Shares at `date` from the first snapshot (in the order given: nearest to D first) whose
 * estimate passes the sanity rule: the implied cap at D (shares x `closeAtDate`) within a factor
 * MAX_CAP_MOVE of the snapshot's own market cap.
 */
export function estimateSharesAt(
  symbol: string,
  date: string,
  closeAtDate: number,
  snapshots: readonly CapSnapshot[],
  splits: readonly Split[],
): SharesEstimate {
  const rejected: string[] = [];
  for (const snap of snapshots) {
    if (!(snap.marketCap > 0 && snap.price > 0)) {
      rejected.push(`${snap.label}: no market cap or price`);
      continue;
    }
    const shares = snap.marketCap / snap.price / splitFactor(splits, symbol, date, snap.date);
    const move = (shares * closeAtDate) / snap.marketCap;
    if (!(move <= MAX_CAP_MOVE && move >= 1 / MAX_CAP_MOVE)) {
      rejected.push(`${snap.label}: implied cap at ${date} is ${move.toFixed(2)}x the snapshot's`);
      continue;
    }
    return { shares: Math.round(shares), source: snap.label, rejected };
  }
  return { shares: null, source: null, rejected };
}

/** Parses stock_splits_2024-2026.csv rows (date, symbol, ratio_new, ratio_old). */
export function parseSplits(rows: readonly Record<string, string>[]): Split[] {
  return rows.map((r) => {
    const s = {
      date: r.date ?? '',
      symbol: r.symbol ?? '',
      ratioNew: Number(r.ratio_new),
      ratioOld: Number(r.ratio_old),
    };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s.date) || !s.symbol || !(s.ratioNew > 0) || !(s.ratioOld > 0)) {
      throw new Error(`bad split row: ${JSON.stringify(r)}`);
    }
    return s;
  });
}

/**
 * Share classes of one issuer (same CIK: GOOGL/GOOG, FOXA/FOX, NWSA/NWS) carry the company's
 * whole market cap in Yahoo's snapshots, so a map would count the company once per class. The
 * most traded class stands for the company; the others point to it.
 * Returns secondary symbol -> primary symbol.
 */
export function secondaryClasses(
  members: readonly { symbol: string; issuer: string; dollarVolume: number }[],
): Map<string, string> {
  const byIssuer = new Map<string, { symbol: string; dollarVolume: number }[]>();
  for (const m of members) {
    if (!m.issuer) continue;
    byIssuer.set(m.issuer, [...(byIssuer.get(m.issuer) ?? []), m]);
  }
  const out = new Map<string, string>();
  for (const classes of byIssuer.values()) {
    if (classes.length < 2) continue;
    const [primary, ...rest] = [...classes].sort(
      (a, b) => b.dollarVolume - a.dollarVolume || a.symbol.localeCompare(b.symbol),
    );
    for (const r of rest) out.set(r.symbol, primary!.symbol);
  }
  return out;
}

/**
 * First date the share count at D applies to: the day after the last close-to-close move beyond
 * MAX_CAP_MOVE (split-adjusted prices move that much only when the company changed: Dr Pepper
 * Snapple's 2018-07-09 merger into KDP, a $103.75 special dividend and 7x the shares). Earlier
 * days get no market cap. Undefined when the whole history is continuous.
 */
export function sharesValidFrom(dates: readonly string[], closes: readonly number[]): string | undefined {
  for (let i = closes.length - 1; i > 0; i--) {
    const move = closes[i]! / closes[i - 1]!;
    if (!(move <= MAX_CAP_MOVE && move >= 1 / MAX_CAP_MOVE)) return dates[i];
  }
  return undefined;
}
