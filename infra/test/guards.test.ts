import { describe, expect, it } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import { ApiFunctionFactory } from '../lib/api-function-factory.ts';
import { DataTables } from '../lib/data-tables.ts';
import { handlerModules } from '../lib/handler-modules.ts';
import { entryFile, missingEntries } from '../lib/paths.ts';
import { stageConfig } from '../lib/stage.ts';
import { routeList } from '@tapewatch/shared/api/routes';
import { schedules } from '@tapewatch/functions/platform/schedules';

describe('handler entries', () => {
  it('derives entry files from the route and schedule tables', () => {
    expect(handlerModules()).toEqual([
      ...routeList.map((r) => `http/${r.handler}`),
      ...schedules.map((s) => s.handler),
      'ws/connect',
      'ws/disconnect',
      'ws/default',
    ]);
    expect(entryFile('http/meta/get-app-info')).toMatch(/functions\/src\/http\/meta\/get-app-info\.ts$/);
    expect(missingEntries(['http/does-not/exist'])).toEqual(['http/does-not/exist']);
  });

  it('refuses to build a function whose entry file is missing', () => {
    const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Guard');
    const tables = new DataTables(stack, 'Data', { retain: false });
    const factory = new ApiFunctionFactory({ tables, stage: 'dev' });
    expect(() =>
      factory.create(stack, 'Missing', {
        kind: 'http',
        module: 'http/does-not/exist',
        reads: [],
        writes: [],
        description: 'x',
      }),
    ).toThrow(/Lambda entry for "http\/does-not\/exist" not found at .*functions\/src\/http\/does-not\/exist\.ts/);
  });
});

describe('stageConfig', () => {
  it('retains data only in prod', () => {
    expect(stageConfig('prod').retain).toBe(true);
    expect(stageConfig('dev').retain).toBe(false);
  });

  it('rejects names unsafe for stack and resource names', () => {
    expect(() => stageConfig('Prod_1')).toThrow(/lowercase/);
  });
});
