import { describe, expect, it } from 'vitest';
import { DATA_SOURCES } from '@tapewatch/shared/api/data-sources';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { parseDeployConfig, providerSecretContext } from '../lib/config.ts';
import { appFunctions, secretReadsIn, synth, type Resource } from './synth.ts';

type Vars = Record<string, unknown>;
const varsOf = (r: Resource) => (r.Properties?.Environment as { Variables: Vars }).Variables;
const handlerOf = (job: string) => schedules.find((s) => s.name === job)!.handler;

describe('provider keys on AWS (issue 27)', () => {
  const live = synth({
    config: {
      dataMode: 'live',
      polygonSecretName: 'tapewatch/dev/polygon',
      benzingaSecretName: 'tapewatch/dev/benzinga',
    },
  }).template;
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
    for (const f of appFunctions(synth().template)) {
      expect(varsOf(f.resource).TAPEWATCH_DATA_MODE, f.module).toBeUndefined();
      expect(JSON.stringify(varsOf(f.resource)), f.module).not.toContain('_API_KEY');
    }
    const polygonOnly = appFunctions(
      synth({ config: { dataMode: 'live', polygonSecretName: 'tapewatch/dev/polygon' } }).template,
    );
    const flow = polygonOnly.find((f) => f.module === handlerOf('flow-ingest'))!;
    expect(varsOf(flow.resource).BENZINGA_API_KEY_SECRET_ARN).toBeUndefined();
    expect(varsOf(flow.resource).TAPEWATCH_CONFIGURED_KEYS).toBe('POLYGON_API_KEY');
    expect(() => parseDeployConfig({ stage: 'dev', polygonSecretName: 'tapewatch/dev/polygon' })).toThrow(
      /dataMode=live/,
    );
  });
});
