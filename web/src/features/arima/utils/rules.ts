import type { ArimaParams, ArimaTrendId } from '@tapewatch/shared/schemas/arima';

export type ArimaSettings = Omit<ArimaParams, 'ticker'>;

/** Spec part 2 section 4: c or ct forces d = 0 (and disables d); t forces d = 1. */
export function withTrend(s: ArimaSettings, trend: ArimaTrendId): ArimaSettings {
  if (trend === 'c' || trend === 'ct') return { ...s, trend, d: 0 };
  if (trend === 't') return { ...s, trend, d: 1 };
  return { ...s, trend };
}

/** Spec part 2 section 4: setting d above 1 sets trend n. */
export function withD(s: ArimaSettings, d: ArimaSettings['d']): ArimaSettings {
  return d > 1 ? { ...s, d, trend: 'n' } : { ...s, d };
}

export const isDLocked = (trend: ArimaTrendId): boolean => trend === 'c' || trend === 'ct';
