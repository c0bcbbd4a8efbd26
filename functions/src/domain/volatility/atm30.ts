import type { ExpiryVolatility } from '@tapewatch/shared/schemas/volatility';

/** The horizon of the stored daily ATM IV, as CBOE's iv30 and the VIX (30 calendar days). */
export const ATM_IV_DAYS = 30;

/**
 * A chain's 30-day at-the-money IV from its term structure: the total variance (IV² x days) of the
 * two expirations around 30 days, interpolated linearly in days, as the VIX method weights its two
 * months. Before the first or past the last expiration the nearest one's IV stands. Expirations
 * without an ATM IV are left out; null when none has one.
 */
export function atm30FromTermStructure(
  expirations: readonly Pick<ExpiryVolatility, 'dte' | 'atm_iv'>[],
): number | null {
  const pts = expirations
    .filter((e): e is { dte: number; atm_iv: number } => e.atm_iv !== null && e.dte > 0)
    .sort((a, b) => a.dte - b.dte);
  const first = pts[0];
  if (!first) return null;
  if (ATM_IV_DAYS <= first.dte) return first.atm_iv;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    if (ATM_IV_DAYS > b.dte) continue;
    const w = (ATM_IV_DAYS - a.dte) / (b.dte - a.dte);
    const variance = (1 - w) * a.atm_iv ** 2 * a.dte + w * b.atm_iv ** 2 * b.dte;
    return Math.sqrt(variance / ATM_IV_DAYS);
  }
  return pts.at(-1)!.atm_iv;
}
