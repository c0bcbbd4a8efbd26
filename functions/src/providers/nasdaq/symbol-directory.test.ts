import { describe, expect, it } from 'vitest';
import { fixtureText, replayHttp } from '../fixtures/load-fixture.ts';
import { ProviderFormatError } from '../http.ts';
import { createNasdaqSource, symbolDirectoryUrl } from './fetcher.ts';
import { parseSymbolDirectory } from './symbol-directory.ts';

const nasdaqlisted = fixtureText('nasdaq/nasdaqlisted_excerpt.txt');
const otherlisted = fixtureText('nasdaq/otherlisted_excerpt.txt');
const noRetry = { attempts: 1, baseDelayMs: 0 };

describe('Nasdaq Trader symbol directories', () => {
  it('reads nasdaqlisted.txt: listings kept, test issues dropped, ETFs flagged', () => {
    const r = parseSymbolDirectory(nasdaqlisted, 'nasdaqlisted');
    expect(r.skipped).toBe(0);
    expect(r.created).toBe('0801202617:01');
    expect(r.rows).toHaveLength(20);
    expect(r.rows.map((x) => x.symbol)).not.toContain('ZAZZT');
    expect(r.rows.find((x) => x.symbol === 'AAPL')).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc. - Common Stock',
      exchange: 'NASDAQ',
      etf: false,
    });
    expect(r.rows.find((x) => x.symbol === 'QQQ')?.etf).toBe(true);
  });

  it('reads otherlisted.txt: exchange codes named, class shares kept, preferreds left out', () => {
    const r = parseSymbolDirectory(otherlisted, 'otherlisted');
    expect(r.skipped).toBe(0);
    const bySymbol = new Map(r.rows.map((x) => [x.symbol, x]));
    expect(bySymbol.get('SPY')).toMatchObject({ exchange: 'NYSE Arca', etf: true });
    expect(bySymbol.get('BRK.B')).toMatchObject({ exchange: 'NYSE', etf: false });
    expect([...bySymbol.keys()].filter((s) => s.includes('$'))).toEqual([]);
    expect(r.rows).toHaveLength(19);
  });

  it('rejects a file with another layout whole and counts broken lines', () => {
    expect(parseSymbolDirectory(otherlisted, 'nasdaqlisted').rows).toEqual([]);
    const broken = parseSymbolDirectory(
      `${nasdaqlisted.split('\r\n')[0]}\r\nAAPL|Apple\r\nXYZ|X|Q|N|N|100|N|N\r\n`,
      'nasdaqlisted',
    );
    expect(broken).toMatchObject({ skipped: 1, created: null });
    expect(broken.rows.map((x) => x.symbol)).toEqual(['XYZ']);
  });

  it('fetches both files; a truncated file (no trailer) fails rather than shrink the universe', async () => {
    const ok = replayHttp({
      [symbolDirectoryUrl('nasdaqlisted')]: { status: 200, body: nasdaqlisted },
      [symbolDirectoryUrl('otherlisted')]: { status: 200, body: otherlisted },
    });
    const report = await createNasdaqSource({ http: ok, retry: noRetry }).symbolDirectory();
    expect(report.rows).toHaveLength(39);
    expect(ok.calls.map((c) => c.url)).toEqual([
      'https://www.nasdaqtrader.com/dynamic/SymDir/nasdaqlisted.txt',
      'https://www.nasdaqtrader.com/dynamic/SymDir/otherlisted.txt',
    ]);
    const cut = replayHttp({
      [symbolDirectoryUrl('nasdaqlisted')]: { status: 200, body: nasdaqlisted },
      [symbolDirectoryUrl('otherlisted')]: { status: 200, body: otherlisted.split('\r\n').slice(0, 8).join('\r\n') },
    });
    await expect(createNasdaqSource({ http: cut, retry: noRetry }).symbolDirectory()).rejects.toBeInstanceOf(
      ProviderFormatError,
    );
  });
});
