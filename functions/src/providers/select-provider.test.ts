import { describe, expect, it } from 'vitest';
import { fixtureText, replayHttp } from './fixtures/load-fixture.ts';
import { MissingApiKeyError } from './http.ts';
import type { MarketDataProvider } from './provider.ts';
import { ProviderConfigError, selectProvider } from './select-provider.ts';

const SV_URL = 'https://cdn.finra.org/equity/regsho/daily/CNMSshvol20210802.txt';

describe('selectProvider', () => {
  it('demo mode (the default, as for the clock) returns the supplied demo provider', () => {
    const demo = {} as MarketDataProvider;
    expect(selectProvider({}, { demo: () => demo })).toBe(demo);
    expect(() => selectProvider({ TAPEWATCH_DATA_MODE: 'demo' })).toThrow(ProviderConfigError);
  });

  it('live mode without keys: public FINRA/CBOE work, keyed vendors reject with MissingApiKeyError', async () => {
    const http = replayHttp({
      [SV_URL]: { status: 200, body: fixtureText('finra/CNMSshvol20210802_excerpt_samgozman.txt') },
    });
    const p = selectProvider({ TAPEWATCH_DATA_MODE: 'live', POLYGON_API_KEY: '  ' }, { http });
    expect((await p.dailyShortVolume('2021-08-02')).rows).toHaveLength(10);
    await expect(p.dailyAggregates('SPY', '2024-01-02', '2024-01-05')).rejects.toThrow(MissingApiKeyError);
    await expect(p.tickerSnapshot('SPY')).rejects.toThrow(/POLYGON_API_KEY/);
    await expect(p.optionsActivity('2024-01-02')).rejects.toThrow(/BENZINGA_API_KEY/);
    expect(http.calls.map((c) => c.url)).toEqual([SV_URL]);
  });

  it('routes optionChain to CBOE by default and to Polygon when configured', async () => {
    const http = replayHttp({});
    await selectProvider({ TAPEWATCH_DATA_MODE: 'live' }, { http })
      .optionChain('SPY')
      .catch(() => undefined);
    await selectProvider(
      { TAPEWATCH_DATA_MODE: 'live', OPTION_CHAIN_SOURCE: 'polygon', POLYGON_API_KEY: 'k' },
      { http },
    )
      .optionChain('SPY')
      .catch(() => undefined);
    expect(http.calls.map((c) => c.url)).toEqual([
      'https://cdn.cboe.com/api/global/delayed_quotes/options/SPY.json',
      'https://api.polygon.io/v3/snapshot/options/SPY?limit=250',
    ]);
  });

  it('rejects invalid configuration by variable name without echoing values', () => {
    const bad = () =>
      selectProvider({
        TAPEWATCH_DATA_MODE: 'live',
        OPTION_CHAIN_SOURCE: 'yahoo',
        POLYGON_BASE_URL: 'not a url sk_live_x',
      });
    expect(bad).toThrow(ProviderConfigError);
    expect(bad).toThrow(/OPTION_CHAIN_SOURCE, POLYGON_BASE_URL/);
    expect(bad).not.toThrow(/sk_live_x/);
  });
});
