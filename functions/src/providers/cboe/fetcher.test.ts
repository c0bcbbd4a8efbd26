import { describe, expect, it } from 'vitest';
import { fixtureText, replayHttp } from '../fixtures/load-fixture.ts';
import { ProviderFormatError, ProviderNotFoundError } from '../http.ts';
import { cboeOptionChainUrl, createCboeSource } from './fetcher.ts';

const IWM_URL = 'https://cdn.cboe.com/api/global/delayed_quotes/options/IWM.json';

describe('CBOE fetcher', () => {
  it('builds delayed-quote URLs (indices carry a leading underscore)', () => {
    expect(cboeOptionChainUrl('iwm')).toBe(IWM_URL);
    expect(cboeOptionChainUrl('SPX')).toBe('https://cdn.cboe.com/api/global/delayed_quotes/options/_SPX.json');
    expect(cboeOptionChainUrl('_VIX')).toBe('https://cdn.cboe.com/api/global/delayed_quotes/options/_VIX.json');
    expect(() => cboeOptionChainUrl('../x')).toThrow(RangeError);
  });

  it('replays the IWM excerpt through the production path', async () => {
    const http = replayHttp({
      [IWM_URL]: { status: 200, body: fixtureText('cboe/IWM_cboe_delayed_quotes_wrapped_20260702_excerpt.json') },
    });
    const chain = await createCboeSource({ http }).optionChain('IWM');
    expect(chain.rows).toHaveLength(458);
    expect(chain.underlyingPrice).toBe(296.57);
    expect(http.calls[0]?.headers).toEqual({ accept: 'application/json' });
  });

  it('maps unknown symbols and bad bodies to typed errors', async () => {
    const http = replayHttp({ [IWM_URL]: { status: 200, body: '{"data":{}}' } });
    await expect(createCboeSource({ http }).optionChain('IWM')).rejects.toBeInstanceOf(ProviderFormatError);
    await expect(createCboeSource({ http }).optionChain('NOPE')).rejects.toBeInstanceOf(ProviderNotFoundError);
    const html = replayHttp({ [IWM_URL]: { status: 200, body: '<html>' } });
    await expect(createCboeSource({ http: html }).optionChain('IWM')).rejects.toThrow(/not JSON/);
  });
});
