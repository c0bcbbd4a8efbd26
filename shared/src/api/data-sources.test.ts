import { describe, expect, it } from 'vitest';
import { DATA_SOURCES, keyInUse, providerInUse, sourceStatuses, unavailableSourcesOf } from './data-sources.ts';
import { routeList, routes } from './routes.ts';

// Routes that read market data but describe the sources themselves rather than show their data.
const ABOUT_THE_SOURCES = new Set(['get_data_status']);

describe('the data-source registry', () => {
  it('names every route that shows market or flow data under at least one source', () => {
    const covered = new Set<string>(DATA_SOURCES.flatMap((s) => s.routes));
    const uncovered = routeList
      .filter((r) => (r.reads.includes('market') || r.reads.includes('flow')) && !ABOUT_THE_SOURCES.has(r.name))
      .filter((r) => !covered.has(r.name))
      .map((r) => r.name);
    expect(uncovered).toEqual([]);
  });

  it('lists only existing routes, each source once, and a key only for paid sources', () => {
    expect(new Set(DATA_SOURCES.map((s) => s.id)).size).toBe(DATA_SOURCES.length);
    for (const s of DATA_SOURCES) {
      for (const r of s.routes) expect(routes).toHaveProperty(r);
      expect(s.envKey !== null).toBe(s.cost === 'paid');
    }
  });

  it('lets every route fed by a job read the market table, where live mode checks the job log', () => {
    const blind = DATA_SOURCES.filter((s) => s.jobs.length > 0)
      .flatMap((s) => s.routes)
      .filter((r) => !routes[r].reads.includes('market'));
    expect(blind).toEqual([]);
  });

  it('serves everything from the demo generators in demo mode', () => {
    const statuses = sourceStatuses('demo', () => false, {});
    expect(new Set(statuses.map((s) => s.state))).toEqual(new Set(['demo']));
    expect(unavailableSourcesOf('get_current_options_flow', statuses)).toEqual([]);
  });

  it('in live mode refuses exactly the routes of sources without a key or an adapter', () => {
    const statuses = sourceStatuses('live', (key) => key === 'POLYGON_API_KEY', {});
    const state = Object.fromEntries(statuses.map((s) => [s.source.id, s.state]));
    expect(state['polygon-daily-bars']).toBe('ready');
    expect(state['benzinga-options-activity']).toBe('missing_key');
    expect(state['finra-short-volume']).toBe('ready');
    expect(state['cboe-vix-history']).toBe('ready');
    expect(unavailableSourcesOf('get_current_options_flow', statuses).map((s) => s.id)).toEqual([
      'benzinga-options-activity',
    ]);
    expect(unavailableSourcesOf('get_sector_performance_data', statuses)).toEqual([]);
    // SPY To VIX needs both the bars (keyed) and CBOE's VIX file (public).
    expect(unavailableSourcesOf('get_spy_to_vix_data', statuses)).toEqual([]);
    const keyless = sourceStatuses('live', () => false, {});
    expect(unavailableSourcesOf('get_spy_to_vix_data', keyless).map((s) => s.id)).toEqual(['polygon-daily-bars']);
  });

  it('option chains need POLYGON_API_KEY only when OPTION_CHAIN_SOURCE picks Polygon', () => {
    const chains = (env: Record<string, string>, hasKey: (key: string) => boolean) =>
      sourceStatuses('live', hasKey, env).find((s) => s.source.id === 'cboe-option-chains')!;
    expect(chains({}, () => false)).toMatchObject({ state: 'ready', envKey: null });
    expect(chains({ OPTION_CHAIN_SOURCE: 'cboe' }, () => false)).toMatchObject({ state: 'ready', envKey: null });
    const keyless = chains({ OPTION_CHAIN_SOURCE: ' Polygon ' }, () => false);
    expect(keyless).toMatchObject({ state: 'missing_key', envKey: 'POLYGON_API_KEY' });
    const statuses = sourceStatuses('live', () => false, { OPTION_CHAIN_SOURCE: 'polygon' });
    expect(unavailableSourcesOf('get_option_chain', statuses).map((s) => s.unavailable)).toEqual([
      expect.stringMatching(
        /^Option chains are set to come from Polygon \(OPTION_CHAIN_SOURCE=polygon\), but POLYGON_API_KEY/,
      ),
    ]);
    const keyed = chains({ OPTION_CHAIN_SOURCE: 'polygon' }, (key) => key === 'POLYGON_API_KEY');
    expect(keyed).toMatchObject({ state: 'ready', envKey: 'POLYGON_API_KEY' });
    // The registry's own key, unchanged by another source's choice.
    expect(
      keyInUse(DATA_SOURCES.find((s) => s.id === 'benzinga-options-activity')!, { OPTION_CHAIN_SOURCE: 'polygon' }),
    ).toBe('BENZINGA_API_KEY');
  });

  it('names the vendor in use where a variable picks it, never the list of choices (issue 41)', () => {
    const chains = DATA_SOURCES.find((s) => s.id === 'cboe-option-chains')!;
    expect(providerInUse(chains, {})).toBe('CBOE delayed quotes (cdn.cboe.com)');
    expect(providerInUse(chains, { OPTION_CHAIN_SOURCE: 'polygon' })).toBe('Polygon.io option chain snapshots');
    expect(providerInUse(chains, { OPTION_CHAIN_SOURCE: ' ' })).toBe('CBOE delayed quotes (cdn.cboe.com)');
    const flow = DATA_SOURCES.find((s) => s.id === 'benzinga-options-activity')!;
    expect(providerInUse(flow, { OPTION_CHAIN_SOURCE: 'polygon' })).toBe(flow.provider);
    // Every registry sentence then reads as one vendor: no "X; Y when ..." left in a provider in use.
    for (const source of DATA_SOURCES) {
      for (const value of ['', ...Object.keys(source.choice?.providers ?? {})]) {
        const env = source.choice ? { [source.choice.env]: value } : {};
        expect(providerInUse(source, env), source.id).not.toMatch(/;| when /);
      }
    }
  });
});
