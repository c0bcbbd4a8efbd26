import { describe, expect, it } from 'vitest';
import { DATA_SOURCES } from '@tapewatch/shared/api/data-sources';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { routes } from '@tapewatch/shared/api/routes';
import { parseDeployConfig, providerSecretContext } from '../lib/config.ts';
import { httpHandlerModule } from '../lib/paths.ts';
import type { Template } from 'aws-cdk-lib/assertions';
import { appFunctions, secretReadsIn, synth, type Resource, type SynthOptions } from './synth.ts';

type Vars = Record<string, unknown>;
type Config = NonNullable<SynthOptions['config']>;

// Configurations that parse to the same deploy config (the default chain source and an explicit `cboe`, say) get
// the same template: synth() synthesises each distinct one once per worker.
const templateFor = (config: Config = {}): Template => synth({ config }).template;
const varsOf = (r: Resource) => (r.Properties?.Environment as { Variables: Vars }).Variables;
const handlerOf = (job: string) => schedules.find((s) => s.name === job)!.handler;

describe('provider keys on AWS (issue 27)', () => {
  const live = templateFor({
    dataMode: 'live',
    polygonSecretName: 'tapewatch/dev/polygon',
    benzingaSecretName: 'tapewatch/dev/benzinga',
  });
  const functions = appFunctions(live);

  const secretReads = secretReadsIn(live);

  it('has a context key for every provider key of the data-source registry', () => {
    const keys = DATA_SOURCES.flatMap((s) => (s.envKey ? [s.envKey] : []));
    expect(Object.keys(providerSecretContext).sort()).toEqual([...new Set(keys)].sort());
  });

  it("grants each provider's secret to the jobs of that provider only, by ARN through the extension", () => {
    const readers = (name: string) =>
      functions
        .filter((f) => secretReads(f.resource).includes(`:secret:tapewatch/dev/${name}-??????`))
        .map((f) => f.module)
        .sort();
    expect(readers('polygon')).toEqual([handlerOf('prices')]);
    expect(readers('benzinga')).toEqual([handlerOf('flow-ingest'), handlerOf('flow-live-poll')].sort());
    for (const f of functions) {
      const vars = varsOf(f.resource);
      expect(vars.POLYGON_API_KEY, f.module).toBeUndefined();
      expect(vars.BENZINGA_API_KEY, f.module).toBeUndefined();
      const holds = readers('polygon').includes(f.module);
      expect(vars.POLYGON_API_KEY_SECRET_ARN !== undefined, f.module).toBe(holds);
      if (holds) {
        expect(JSON.stringify(vars.POLYGON_API_KEY_SECRET_ARN)).toContain(':secret:tapewatch/dev/polygon');
        expect(JSON.stringify(f.resource.Properties?.Layers)).toContain('AWS-Parameters-and-Secrets-Lambda-Extension');
      }
    }
  });

  it('runs every function in live mode and tells them which keys are configured, by name only', () => {
    for (const f of functions) {
      expect(varsOf(f.resource).TAPEWATCH_DATA_MODE, f.module).toBe('live');
      expect(varsOf(f.resource).TAPEWATCH_CONFIGURED_KEYS, f.module).toBe('BENZINGA_API_KEY,POLYGON_API_KEY');
    }
  });

  it('has no default: demo mode without secrets, and a provider without a secret stays unconfigured', () => {
    for (const f of appFunctions(templateFor())) {
      expect(varsOf(f.resource).TAPEWATCH_DATA_MODE, f.module).toBeUndefined();
      expect(JSON.stringify(varsOf(f.resource)), f.module).not.toContain('_API_KEY');
    }
    const polygonOnly = appFunctions(templateFor({ dataMode: 'live', polygonSecretName: 'tapewatch/dev/polygon' }));
    const flow = polygonOnly.find((f) => f.module === handlerOf('flow-ingest'))!;
    expect(varsOf(flow.resource).BENZINGA_API_KEY_SECRET_ARN).toBeUndefined();
    expect(varsOf(flow.resource).TAPEWATCH_CONFIGURED_KEYS).toBe('POLYGON_API_KEY');
    expect(() => parseDeployConfig({ stage: 'dev', polygonSecretName: 'tapewatch/dev/polygon' })).toThrow(
      /dataMode=live/,
    );
  });
});

describe('option chains from Polygon on AWS (optionChainSource)', () => {
  const polygonSecret = ':secret:tapewatch/dev/polygon-??????';
  const withChains = (optionChainSource?: 'cboe' | 'polygon') =>
    templateFor({ dataMode: 'live', polygonSecretName: 'tapewatch/dev/polygon', optionChainSource });
  const readersIn = (template: ReturnType<typeof withChains>) => {
    const secretReads = secretReadsIn(template);
    return appFunctions(template).filter((f) => secretReads(f.resource).includes(polygonSecret));
  };
  // The routes that fetch a chain, from the one data-source registry (the contract page joined them).
  const chainRoutes = DATA_SOURCES.find((s) => s.choice?.env === 'OPTION_CHAIN_SOURCE')?.fetchedBy?.routes ?? [];
  const routeModule = (name: (typeof chainRoutes)[number]) => httpHandlerModule(routes[name].handler);
  it('the registry names every route that fetches a chain', () => {
    expect([...chainRoutes].sort()).toEqual(
      [
        'get_option_chain',
        'get_option_contract_data',
        'get_option_walls',
        'get_volatility_data',
        'get_volatility_summary',
      ].sort(),
    );
  });

  it('polygon: the routes and jobs that fetch chains read the Polygon secret, beside prices, and nothing else does', () => {
    const template = withChains('polygon');
    const readers = readersIn(template).map((f) => f.module);
    expect(readers.sort()).toEqual(
      [handlerOf('prices'), handlerOf('optionwalls'), handlerOf('atm-iv'), ...chainRoutes.map(routeModule)].sort(),
    );
    for (const f of appFunctions(template)) {
      const vars = varsOf(f.resource);
      expect(vars.OPTION_CHAIN_SOURCE, f.module).toBe('polygon');
      expect(vars.POLYGON_API_KEY, f.module).toBeUndefined();
      const holds = readers.includes(f.module);
      expect(vars.POLYGON_API_KEY_SECRET_ARN !== undefined, f.module).toBe(holds);
      if (holds)
        expect(JSON.stringify(f.resource.Properties?.Layers)).toContain('AWS-Parameters-and-Secrets-Lambda-Extension');
    }
  });

  it('cboe (the default): no chain function reads the Polygon secret, only the prices job', () => {
    for (const template of [withChains(), withChains('cboe')]) {
      expect(readersIn(template).map((f) => f.module)).toEqual([handlerOf('prices')]);
      for (const f of appFunctions(template)) expect(varsOf(f.resource).OPTION_CHAIN_SOURCE, f.module).toBe('cboe');
    }
  });

  it('fails the synth on an unknown source, or on polygon without live mode and its secret', () => {
    const parse = (extra: Record<string, unknown>) => () =>
      parseDeployConfig({ stage: 'dev', dataMode: 'live', ...extra });
    expect(parse({ optionChainSource: 'yahoo' })).toThrow(/optionChainSource: cboe \(the default, no key\) or polygon/);
    expect(parse({ optionChainSource: 'polygon' })).toThrow(/optionChainSource: .*polygonSecretName/);
    expect(() => parseDeployConfig({ stage: 'dev', optionChainSource: 'polygon', polygonSecretName: 'p' })).toThrow(
      /dataMode=live/,
    );
    expect(parse({})().marketData.optionChainSource).toBe('cboe');
  });
});
