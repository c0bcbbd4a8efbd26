import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_SOURCES } from '@tapewatch/shared/api/data-sources';
import { DEFAULT_RETRY, fetchHttpGet } from '@tapewatch/functions/providers/http';
import { selectProvider } from '@tapewatch/functions/providers/select-provider';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';
import { NO_NETWORK_HINT, startLiveBackfill } from './live-backfill-start.ts';
import { runningLines, startingLines } from './startup-lines.ts';

/**
 * Issue 35, live mode says the truth about its sources: a first `TAPEWATCH_DATA_MODE=live npm start`
 * on a machine without network. The global fetch is replaced by one that fails as Node's does when
 * DNS cannot resolve (TypeError "fetch failed", cause ENOTFOUND) for every vendor; this runtime's own
 * address still answers. The provider is the one the runtime builds (real adapters and the real
 * 5-attempt retry policy), its waits virtual.
 */
const ENV = { TAPEWATCH_DATA_MODE: 'live', POLYGON_API_KEY: '', BENZINGA_API_KEY: '' };
const fx = useIntegrationRuntime({ empty: true, env: ENV });

const realFetch = globalThis.fetch;
const attempts: string[] = [];
function offlineFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return realFetch(input, init);
  attempts.push(url.host);
  const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${url.hostname}`), { code: 'ENOTFOUND' });
  return Promise.reject(Object.assign(new TypeError('fetch failed'), { cause }));
}

afterEach(() => vi.unstubAllGlobals());

describe('a live start without network (issue 35)', () => {
  it('prints the sources first, one line per failing source, one "no network?" hint, no JSON, and links /status; /status says failing', async () => {
    vi.stubGlobal('fetch', offlineFetch);
    const printed: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    const said: string[] = [];
    let virtualNow = 0;
    const provider = selectProvider(process.env, {
      http: fetchHttpGet(),
      retry: { ...DEFAULT_RETRY, sleep: async () => {} },
      limiterClock: { now: () => virtualNow, sleep: async (ms) => void (virtualNow += ms) },
    });
    await startLiveBackfill((line) => said.push(line), new AbortController().signal, provider);
    vi.restoreAllMocks();

    const output = [...startingLines(process.env), ...runningLines(fx.rt, process.env, '1.0'), ...said];
    // The list of sources comes first, right under the first line.
    expect(output[0]).toBe('Tapewatch local runtime starting...');
    expect(output[1]).toBe('  market data    live; sources:');
    const list = output.slice(2, 2 + DATA_SOURCES.length * 2).join('\n');
    for (const s of DATA_SOURCES) expect(list).toContain(s.name);
    expect(output.findIndex((l) => l.includes('fetch failed'))).toBeGreaterThan(DATA_SOURCES.length + 1);

    // Every vendor was tried (with its retries) and failed; one line per failing source.
    expect(new Set(attempts)).toEqual(
      new Set(['www.nasdaqtrader.com', 'cdn.finra.org', 'cdn.cboe.com', 'raw.githubusercontent.com']),
    );
    expect(attempts.length).toBeGreaterThanOrEqual(DEFAULT_RETRY.attempts * 6);
    const failing = said.filter((l) => l.startsWith('  failing: '));
    const expected = DATA_SOURCES.filter((s) => s.envKey === null).map((s) => s.name);
    expect(failing.map((l) => expected.find((name) => l.startsWith(`  failing: ${name}: `)))).toEqual(
      expect.arrayContaining(expected),
    );
    expect(failing).toHaveLength(expected.length);
    expect(output.filter((l) => l.includes('fetch failed'))).toHaveLength(expected.length);
    // The precomputes that had nothing to compute from: one line, not an error each.
    expect(said.filter((l) => l.includes('load market data first'))).toEqual([]);
    expect(said.filter((l) => l.startsWith('  not computed until their data arrives: '))).toHaveLength(1);
    expect(output.filter((l) => l === NO_NETWORK_HINT)).toHaveLength(1);
    expect(NO_NETWORK_HINT).toMatch(/^ {2}no network\?/);

    // No JSON log line and no stack trace reached the terminal.
    const terminal = printed.join('').split('\n');
    expect(terminal.filter((l) => l.trimStart().startsWith('{'))).toEqual([]);
    expect([...terminal, ...output].filter((l) => /^\s+at .+:\d+:\d+\)?$/.test(l))).toEqual([]);

    // The printed web link is the status page, which works without any key.
    expect(output).toContain(`  data status    ${fx.url}/status  (each source: ready, failing since, or key missing)`);
    expect(output.join('\n')).not.toContain('/Sectorperformance');

    // And the status says what happened: failing since the first run, with its error; keys missing.
    const res = await fx.api.get('get_data_status');
    const sources = res.body.sources as Array<{
      source: string;
      state: string;
      since: string | null;
      error: string | null;
    }>;
    const byId = Object.fromEntries(sources.map((s) => [s.source, s]));
    expect(byId['polygon-daily-bars']).toMatchObject({ state: 'missing_key', since: null });
    expect(byId['benzinga-options-activity']).toMatchObject({ state: 'missing_key' });
    for (const s of DATA_SOURCES.filter((d) => d.envKey === null)) {
      expect(byId[s.id]).toMatchObject({ state: 'failing', since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      expect(byId[s.id]!.error).toContain('fetch failed');
    }
  });
});
