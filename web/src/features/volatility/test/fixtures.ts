import type { VolatilityData } from '@tapewatch/shared/schemas/volatility';

export function volatilityFixture(): VolatilityData {
  const dates = ['2024-03-04', '2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08'];
  return {
    ticker: 'SPY',
    as_of: '2024-03-08 16:15:00',
    underlying_price: 511.72,
    atm_iv: 0.13,
    iv_rank: 25,
    iv_percentile: 40,
    iv_low: 0.1,
    iv_high: 0.22,
    iv_window_days: 5,
    iv_days_until_full: 247,
    realised_vol_20: 0.11,
    realised_vol_60: 0.12,
    history: { dates, atm_iv: [0.1, 0.22, 0.12, 0.14, 0.13], realised_vol_20: [0.1, 0.11, null, 0.12, 0.11] },
    expirations: [
      {
        expiration: '2024-03-15',
        dte: 7,
        atm_strike: 512,
        atm_iv: 0.125,
        call_25d_iv: 0.115,
        put_25d_iv: 0.14,
        risk_reversal_25d: -0.025,
        straddle: 9.5,
        expected_move: 9.5,
        range_low: 502.22,
        range_high: 521.22,
      },
      {
        expiration: '2024-04-19',
        dte: 42,
        atm_strike: 510,
        atm_iv: 0.14,
        call_25d_iv: 0.12,
        put_25d_iv: 0.16,
        risk_reversal_25d: -0.04,
        straddle: 22,
        expected_move: 22,
        range_low: 489.72,
        range_high: 533.72,
      },
    ],
    expected_move_rule:
      'Expected move = the at-the-money straddle (call mid + put mid at the strike nearest the price), read as a ±1σ move; the range is price ± that move.',
    definitions: {
      atm_iv: '30-day at-the-money implied volatility.',
      iv_rank:
        'IV rank = (IV today − lowest IV) / (highest IV − lowest IV) over the last 252 sessions, today included.',
      iv_percentile: "IV percentile = the share of the last 252 sessions whose IV was below today's.",
      realised_vol: 'Realised volatility = standard deviation of daily close-to-close log returns, annualised by √252.',
    },
  };
}
