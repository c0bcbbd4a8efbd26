import type { FlowTrade, OtmTrade } from '@tapewatch/shared/schemas/flow';
import { otmPercent } from './classify.ts';

/** Issue 11 / spec 2.10: the current trading day's 50 trades with the largest otm %. */
export const MOST_OTM_ROWS = 50;

/** The day's most out-of-the-money trades (whole percent), furthest first. */
export function mostOtm(trades: readonly FlowTrade[], limit = MOST_OTM_ROWS): OtmTrade[] {
  // Ranked as pairs and only the kept rows copied: copying a trade with a new field is V8's slow path
  // on Node 20 (tens of microseconds), and a day has tens of thousands of trades.
  const ranked: { t: FlowTrade; otm: number }[] = [];
  for (const t of trades) {
    if (t.underlying_price === null) continue;
    const otm = otmPercent(t.put_call, t.strike_price, t.underlying_price);
    if (Number.isFinite(otm)) ranked.push({ t, otm: Math.round(otm) });
  }
  ranked.sort((a, b) => b.otm - a.otm || b.t.cost_basis - a.t.cost_basis);
  return ranked.slice(0, limit).map(({ t, otm }) => ({ ...t, otm }));
}
