import type { FlowTrade, OtmTrade } from '@tapewatch/shared/schemas/flow';
import { otmPercent } from './classify.ts';

/** Issue 11 / spec 2.10: the current trading day's 50 trades with the largest otm %. */
export const MOST_OTM_ROWS = 50;

/** The day's most out-of-the-money trades (whole percent), furthest first. */
export function mostOtm(trades: readonly FlowTrade[], limit = MOST_OTM_ROWS): OtmTrade[] {
  const rows: OtmTrade[] = [];
  for (const t of trades) {
    if (t.underlying_price === null) continue;
    const otm = otmPercent(t.put_call, t.strike_price, t.underlying_price);
    if (Number.isFinite(otm)) rows.push({ ...t, otm: Math.round(otm) });
  }
  return rows.sort((a, b) => b.otm - a.otm || b.cost_basis - a.cost_basis).slice(0, limit);
}
