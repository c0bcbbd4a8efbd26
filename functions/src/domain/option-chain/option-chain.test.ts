import { describe, expect, it } from 'vitest';
import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import { KLAC, NVDA, SPY } from '../options-market/test-underlying.ts';
import { chainSlice, isMonthly, optionChainView, UnlistedExpirationError } from './chain-view.ts';
import { testChain } from '../../providers/demo/test-chain.ts';
import { chainInputFrom } from './chain-input.ts';

// An independent Black-Scholes-Merton, written here on purpose (no import of the app's analytics):
// Marsaglia's series for the normal CDF (J. Stat. Software 11(4), 2004), exact to ~1e-15 for |x| < 8.
const pdf = (x: number) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
function cdf(x: number): number {
  if (x < -8) return 0;
  if (x > 8) return 1;
  let sum = x;
  let term = x;
  for (let i = 3; sum + term !== sum; i += 2) {
    term = (term * x * x) / i;
    sum += term;
  }
  return 0.5 + sum * pdf(x);
}
interface Bsm {
  price: number;
  delta: number;
  gamma: number;
  thetaPerDay: number;
  vegaPerPoint: number;
}
function bsm(S: number, K: number, T: number, r: number, q: number, v: number, call: boolean): Bsm {
  const d1 = (Math.log(S / K) + (r - q + (v * v) / 2) * T) / (v * Math.sqrt(T));
  const d2 = d1 - v * Math.sqrt(T);
  const eq = Math.exp(-q * T);
  const er = Math.exp(-r * T);
  const decay = (-S * eq * pdf(d1) * v) / (2 * Math.sqrt(T));
  const gamma = (eq * pdf(d1)) / (S * v * Math.sqrt(T));
  const vegaPerPoint = (S * eq * pdf(d1) * Math.sqrt(T)) / 100;
  return call
    ? {
        price: S * eq * cdf(d1) - K * er * cdf(d2),
        delta: eq * cdf(d1),
        gamma,
        thetaPerDay: (decay - r * K * er * cdf(d2) + q * S * eq * cdf(d1)) / 365,
        vegaPerPoint,
      }
    : {
        price: K * er * cdf(-d2) - S * eq * cdf(-d1),
        delta: -eq * cdf(-d1),
        gamma,
        thetaPerDay: (decay + r * K * er * cdf(-d2) - q * S * eq * cdf(-d1)) / 365,
        vegaPerPoint,
      };
}
/** Plain bisection on sigma (price is increasing in sigma): no Newton, no shared code. */
function invert(price: number, S: number, K: number, T: number, r: number, q: number, call: boolean): number {
  let lo = 1e-6;
  let hi = 20;
  for (let i = 0; i < 200 && hi - lo > 1e-15; i++) {
    const m = (lo + hi) / 2;
    if (bsm(S, K, T, r, q, m, call).price > price) hi = m;
    else lo = m;
  }
  return (lo + hi) / 2;
}

function eachSide(
  chain: OptionChain,
  f: (s: NonNullable<OptionChain['rows'][0]['call']>, K: number, T: number, call: boolean) => void,
) {
  const dte = new Map(chain.expirations.map((e) => [e.expiration, e.dte]));
  for (const row of chain.rows) {
    const T = dte.get(row.expiration)! / 365;
    if (row.call) f(row.call, row.strike, T, true);
    if (row.put) f(row.put, row.strike, T, false);
  }
}

// Each chain is generated once for the file (a whole SPY chain is ~6,000 contracts).
const inputs = new Map<string, ReturnType<typeof testChain>>();
const inputOf = (u: typeof SPY) => inputs.get(u.symbol) ?? inputs.set(u.symbol, testChain(u)).get(u.symbol)!;
const views = new Map<string, OptionChain>();
const wholeChain = (u: typeof SPY) =>
  views.get(u.symbol) ?? views.set(u.symbol, optionChainView(inputOf(u), 'all')).get(u.symbol)!;

describe('get_option_chain answer', () => {
  it('IV and Greeks recompute from each mid by an independent closed form within 1e-6', () => {
    for (const u of [SPY, NVDA, KLAC]) {
      const chain = wholeChain(u);
      const { r, q } = chain.rates;
      const S = chain.underlying_price;
      let checked = 0;
      let withoutIv = 0;
      let n = 0;
      eachSide(chain, (s, K, T, call) => {
        // Every third quote of every expiration: the bisection below is slow on purpose (no shortcuts).
        if (n++ % 3 !== 0) return;
        expect(s.mid).toBeCloseTo((s.bid! + s.ask!) / 2, 10);
        if (s.iv === null) {
          // No IV is shown only where none exists: the mid is outside the no-arbitrage bounds.
          const fwd = S * Math.exp(-q * T);
          const pvK = K * Math.exp(-r * T);
          const lower = Math.max(0, call ? fwd - pvK : pvK - fwd);
          expect(s.mid! <= lower + 1e-9 || s.mid! >= (call ? fwd : pvK)).toBe(true);
          withoutIv++;
          return;
        }
        const iv = invert(s.mid!, S, K, T, r, q, call);
        const g = bsm(S, K, T, r, q, iv, call);
        expect(Math.abs(s.iv - iv)).toBeLessThan(1e-6);
        expect(Math.abs(s.delta! - g.delta)).toBeLessThan(1e-6);
        expect(Math.abs(s.gamma! - g.gamma)).toBeLessThan(1e-6);
        expect(Math.abs(s.theta! - g.thetaPerDay)).toBeLessThan(1e-6);
        expect(Math.abs(s.vega! - g.vegaPerPoint)).toBeLessThan(1e-6);
        checked++;
      });
      expect(checked).toBeGreaterThan(150);
      expect(withoutIv).toBeLessThan(checked / 10);
    }
  }, 30_000);

  it('put-call parity holds within the spread on every strike', () => {
    for (const u of [SPY, NVDA, KLAC]) {
      const chain = wholeChain(u);
      const { r, q } = chain.rates;
      const dte = new Map(chain.expirations.map((e) => [e.expiration, e.dte]));
      let checked = 0;
      for (const { expiration, strike, call, put } of chain.rows) {
        if (!call || !put) continue;
        const T = dte.get(expiration)! / 365;
        const parity = chain.underlying_price * Math.exp(-q * T) - strike * Math.exp(-r * T);
        expect(call.bid! - put.ask!).toBeLessThanOrEqual(parity + 1e-9);
        expect(call.ask! - put.bid!).toBeGreaterThanOrEqual(parity - 1e-9);
        checked++;
      }
      expect(checked).toBeGreaterThan(100);
    }
  }, 30_000);

  it('answers the nearest monthly by default, one expiration when asked, and refuses an unlisted one', () => {
    const input = inputOf(SPY);
    const chain = optionChainView(input);
    // 2024-03-08: the March monthly is the 15th (third Friday); the dailies and weeklies before it are skipped.
    expect(chain.expiration).toBe('2024-03-15');
    expect(chain.expirations[0]!.expiration).toBe('2024-03-11');
    expect(chain.rows.every((r) => r.expiration === '2024-03-15')).toBe(true);
    const strikes = chain.rows.map((r) => r.strike);
    expect(strikes).toEqual([...strikes].sort((a, b) => a - b));
    expect(optionChainView(input, '2024-03-11').rows.every((r) => r.expiration === '2024-03-11')).toBe(true);
    expect(() => optionChainView(input, '2024-03-16')).toThrow(UnlistedExpirationError);
    const all = wholeChain(SPY);
    expect(new Set(all.rows.map((r) => r.expiration)).size).toBe(all.expirations.length);
  }, 30_000);

  it('an expiration cut from the whole chain priced once equals that expiration priced alone', () => {
    for (const u of [SPY, KLAC]) {
      const input = inputOf(u);
      const whole = wholeChain(u);
      expect(chainSlice(whole)).toEqual(optionChainView(input));
      const nearest = whole.expirations[0]!.expiration;
      expect(chainSlice(whole, nearest)).toEqual(optionChainView(input, nearest));
      expect(chainSlice(whole, 'all')).toEqual(whole);
    }
    expect(() => chainSlice(wholeChain(SPY), '2024-03-16')).toThrow(UnlistedExpirationError);
  }, 30_000);

  it('a monthly is the third Friday, or the Thursday before when that Friday is a holiday', () => {
    expect(isMonthly('2024-03-15')).toBe(true);
    expect(isMonthly('2024-03-22')).toBe(false);
    // Good Friday 2025 fell on the third Friday of April: that month's standard expiry was Thursday the 17th.
    expect(isMonthly('2025-04-17')).toBe(true);
    expect(isMonthly('2025-04-18')).toBe(false);
  });
});

describe('price basis of a chain (issue 37 item 4)', () => {
  const report = { underlyingPrice: 102.62, asOf: '2024-03-08 16:15:00', rows: [] };
  it("answers a demo ETF chain on the bundle's dividend-adjusted scale, and every other chain as traded", () => {
    expect(chainInputFrom('XLK', 'etf', report, 'demo')?.priceBasis).toBe('dividend_adjusted');
    expect(chainInputFrom('AAPL', 'stock', report, 'demo')?.priceBasis).toBe('as_traded');
    expect(chainInputFrom('XLK', 'etf', report, 'live')?.priceBasis).toBe('as_traded');
    expect(optionChainView(testChain(SPY), 'all').price_basis).toBe('dividend_adjusted');
    expect(optionChainView(testChain(NVDA), 'all').price_basis).toBe('as_traded');
  });
});
