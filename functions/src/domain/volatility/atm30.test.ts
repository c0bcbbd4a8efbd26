import { describe, expect, it } from 'vitest';
import { atm30FromTermStructure } from './atm30.ts';
import { ivStanding } from './iv-rank.ts';
import { volatilityData } from './volatility-data.ts';

describe('30-day ATM IV from a term structure', () => {
  it('interpolates total variance between the expirations around 30 days (the VIX weighting)', () => {
    // 20 days at 20%, 40 days at 30%: variance-time 0.04*20 = 0.8 and 0.09*40 = 3.6, halfway 2.2 over 30 days.
    const iv = atm30FromTermStructure([
      { dte: 40, atm_iv: 0.3 },
      { dte: 20, atm_iv: 0.2 },
    ]);
    expect(iv).toBeCloseTo(Math.sqrt(2.2 / 30), 12);
    expect(
      atm30FromTermStructure([
        { dte: 30, atm_iv: 0.25 },
        { dte: 60, atm_iv: 0.4 },
      ]),
    ).toBeCloseTo(0.25, 12);
  });

  it("keeps the nearest expiration's IV outside the listed range and skips expirations without one", () => {
    expect(atm30FromTermStructure([{ dte: 15, atm_iv: 0.19 }])).toBe(0.19);
    expect(
      atm30FromTermStructure([
        { dte: 45, atm_iv: 0.22 },
        { dte: 90, atm_iv: 0.3 },
      ]),
    ).toBe(0.22);
    expect(
      atm30FromTermStructure([
        { dte: 7, atm_iv: null },
        { dte: 35, atm_iv: 0.2 },
      ]),
    ).toBe(0.2);
    expect(atm30FromTermStructure([{ dte: 7, atm_iv: null }])).toBeNull();
    expect(atm30FromTermStructure([])).toBeNull();
  });
});

describe('days of IV history until a full year', () => {
  it('answers 252 minus the stored sessions, and 0 once a year is there', () => {
    const chain = {
      ticker: 'IWM',
      as_of: '2026-07-02 20:09:28',
      underlying_price: 296.57,
      price_basis: 'as_traded' as const,
      rates: { r: 0.05, q: 0.01 },
      expirations: [],
      expiration: 'all',
      rows: [],
    };
    const closes = { date: [], close: [] };
    const days = (n: number) => ({
      date: Array.from({ length: n }, (_, i) => `d${String(i).padStart(3, '0')}`),
      atmIv: Array.from({ length: n }, (_, i) => 0.2 + (i % 7) / 100),
    });
    expect(volatilityData({ chain, ivHistory: days(1), closes })).toMatchObject({
      iv_window_days: 1,
      iv_days_until_full: 251,
    });
    expect(volatilityData({ chain, ivHistory: days(40), closes })?.iv_days_until_full).toBe(212);
    expect(volatilityData({ chain, ivHistory: days(300), closes })).toMatchObject({
      iv_window_days: 252,
      iv_days_until_full: 0,
    });
    // One stored day: no range, so no rank.
    expect(ivStanding([0.2])?.rank).toBeNull();
  });
});
