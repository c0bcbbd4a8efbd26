import { describe, expect, it } from 'vitest';
import { optionChainResponse } from '@tapewatch/shared/schemas/option-chain';
import { optionWallsSchema } from '@tapewatch/shared/schemas/option-walls';
import { volatilityResponse, volatilitySummaryResponse } from '@tapewatch/shared/schemas/volatility';
import { readStocks } from '../demo-data/universe.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

describe('option chain and volatility of any ticker (issue 38)', () => {
  it('answers the nearest monthly of a stock with quotes, IV and Greeks of each mid', async () => {
    // Read before the requests: decoding the universe blocks the event loop (the runtime's too) for
    // seconds, long enough for the server to close the idle keep-alive socket the next request takes.
    const nvda = [...readStocks()].find((s) => s.ticker === 'NVDA')!.series;
    const res = await api.get('get_option_chain', { ticker: ' nvda ' });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/NaN|Infinity/);
    const chain = optionChainResponse.parse(res.body);
    expect(chain).toMatchObject({ ticker: 'NVDA', underlying_price: nvda.close.at(-1), expiration: '2024-03-15' });
    expect(chain.as_of.slice(0, 10)).toBe('2024-03-08');
    expect(chain.expirations.find((e) => e.monthly)!.expiration).toBe('2024-03-15');
    expect(chain.rows.length).toBeGreaterThan(20);
    const near = chain.rows.reduce((a, b) =>
      Math.abs(b.strike - chain.underlying_price) < Math.abs(a.strike - chain.underlying_price) ? b : a,
    );
    expect(near.call!.iv).toBeGreaterThan(0.2);
    expect(near.call!.delta).toBeGreaterThan(0.3);
    expect(near.put!.delta).toBeLessThan(-0.3);

    const other = chain.expirations.at(-1)!.expiration;
    const far = optionChainResponse.parse(
      (await api.get('get_option_chain', { ticker: 'NVDA', expiration: other })).body,
    );
    expect(far.rows.every((r) => r.expiration === other)).toBe(true);
  });

  it('refuses an unknown ticker (404), a malformed or unlisted expiration (400), with the alert body', async () => {
    const unknown = await api.get('get_option_chain', { ticker: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.alert_message).toContain('Unknown ticker NOPE');
    for (const expiration of ['2024-13-45', 'soon', '2024-03-16']) {
      const bad = await api.get('get_option_chain', { ticker: 'SPY', expiration });
      expect(bad.status, expiration).toBe(400);
      expect(typeof bad.body.alert_message).toBe('string');
    }
    expect((await api.get('get_volatility_data', { ticker: 'NOPE' })).status).toBe(404);
    expect((await api.get('get_volatility_data', { ticker: 'VIX' })).status).toBe(404);
  });

  it('exports the chain as CSV with the page columns', async () => {
    const res = await api.get('get_option_chain', { ticker: 'AAPL', format: 'csv' } as never);
    expect(res.status).toBe(200);
    const [header, first] = res.text.split(/\r?\n/);
    expect(header).toMatch(/^Expiration,Strike,Call Bid,Call Ask,Call Mid,/);
    expect(first).toMatch(/^2024-03-15,/);
  });

  it('answers volatility: a year of ATM IV, its rank and percentile, and a straddle per expiration', async () => {
    const res = await api.get('get_volatility_data', { ticker: 'SPY' });
    expect(res.status).toBe(200);
    const v = volatilityResponse.parse(res.body);
    expect(v.iv_window_days).toBe(252);
    expect(v.iv_days_until_full).toBe(0);
    expect(v.history.dates).toHaveLength(252);
    expect(v.history.dates.at(-1)).toBe('2024-03-08');
    expect(v.atm_iv).toBe(v.history.atm_iv.at(-1));
    const w = v.history.atm_iv;
    const [lo, hi] = [Math.min(...w), Math.max(...w)];
    expect(v.iv_rank).toBeCloseTo(((v.atm_iv - lo) / (hi - lo)) * 100, 3);
    expect(v.iv_percentile).toBeCloseTo((w.filter((x) => x < v.atm_iv).length / w.length) * 100, 6);
    expect(v.realised_vol_20).toBeGreaterThan(0.03);
    expect(v.realised_vol_60).toBeGreaterThan(0.03);
    expect(v.expirations.length).toBeGreaterThan(10);
    const chain = optionChainResponse.parse(
      (await api.get('get_option_chain', { ticker: 'SPY', expiration: 'all' })).body,
    );
    for (const e of v.expirations.slice(0, 5)) {
      const atm = chain.rows.find((r) => r.expiration === e.expiration && r.strike === e.atm_strike)!;
      expect(e.expected_move).toBeCloseTo(atm.call!.mid! + atm.put!.mid!, 4);
    }
  });

  it("answers the quote panel's summary with the Volatility answer's rank and next expected move", async () => {
    // KLAC: no earlier request priced its whole chain, so the nearest expiration is priced alone.
    for (const ticker of ['KLAC', 'SPY']) {
      const res = await api.get('get_volatility_summary', { ticker: ticker.toLowerCase() });
      expect(res.status, ticker).toBe(200);
      const summary = volatilitySummaryResponse.parse(res.body);
      const v = volatilityResponse.parse((await api.get('get_volatility_data', { ticker })).body);
      expect(summary).toMatchObject({
        ticker,
        optionable: true,
        as_of: v.as_of,
        atm_iv: v.atm_iv,
        iv_rank: v.iv_rank,
        iv_percentile: v.iv_percentile,
        iv_window_days: 252,
      });
      expect(summary.next_expiration).toEqual(v.expirations[0]);
    }
    const vix = volatilitySummaryResponse.parse((await api.get('get_volatility_summary', { ticker: 'VIX' })).body);
    expect(vix).toMatchObject({ optionable: false, iv_rank: null, next_expiration: null });
    expect((await api.get('get_volatility_summary', { ticker: 'NOPE' })).status).toBe(404);
    expect((await api.get('get_volatility_summary', { ticker: 'S&P' })).status).toBe(400);
  });

  it('answers walls and gamma exposure for any ticker; SPY (the default) stays the precomputed answer', async () => {
    const nvda = [...readStocks()].find((s) => s.ticker === 'NVDA')!.series;
    const spy = await api.get('get_option_walls');
    for (const ticker of ['SPY', ' spy '])
      expect((await api.get('get_option_walls', { ticker })).body).toEqual(spy.body);
    const res = await api.get('get_option_walls', { ticker: 'nvda' });
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/NaN|Infinity/);
    const walls = optionWallsSchema.parse(res.body);
    expect(walls).toMatchObject({ underlying: 'NVDA', as_of: '2024-03-08', spot: nvda.close.at(-1) });
    const expiries = Object.keys(walls.data);
    expect(expiries.length).toBe(8);
    expect(expiries.every((e) => e > '2024-03-08')).toBe(true);
    for (const k of walls.gex.strikes) expect(Math.abs(k / walls.spot! - 1)).toBeLessThanOrEqual(0.1 + 1e-9);
    expect(walls.gex.call_gex.every((g) => g >= 0) && walls.gex.put_gex.every((g) => g <= 0)).toBe(true);
    expect(walls.gex.call_wall).not.toBeNull();
    expect((await api.get('get_option_walls', { ticker: 'NOPE' })).status).toBe(404);
    expect((await api.get('get_option_walls', { ticker: 'S&P' })).status).toBe(400);
  });
});
