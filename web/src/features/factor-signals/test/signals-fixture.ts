import { SIGNAL_FACTORS, SIGNAL_SECTORS } from '@tapewatch/shared/schemas/signals';
import type { SignalRow } from '../api/get-signals-data.ts';

/** 45 deterministic rows spread over every factor, sector, bucket and timeframe. */
export function signalsFixture(n = 45): SignalRow[] {
  const caps = [500e9, 50e9, 5e9, 1e9, 100e6, null];
  return Array.from({ length: n }, (_, i) => ({
    date: '2024-03-08',
    ticker: `T${String(i).padStart(2, '0')}`,
    expected_ret: [2.5, 12, 35, 60, -1][i % 5]! + i / 100,
    profit_loss_ratio: i % 7 === 0 ? null : 1 + i / 10,
    'profitable%': [55, 65, 75, 85, 95, 100][i % 6]!,
    period: [1, 5, 20][i % 3]!,
    timeframe: i % 2 === 0 ? 'daily' : 'weekly',
    factor: SIGNAL_FACTORS[i % SIGNAL_FACTORS.length]!.id,
    sector: i % 12 === 11 ? null : SIGNAL_SECTORS[i % 11]!,
    marketcap: caps[i % caps.length]!,
  }));
}
