import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { functionKindTag, functionModuleTag } from '../lib/api-function-factory.ts';
import { tableTag } from '../lib/data-tables.ts';
import { parseDeployConfig, type DeployConfigInput } from '../lib/config.ts';
import { TapewatchStack } from '../lib/tapewatch-stack.ts';

export interface SynthOptions {
  stage?: string;
  /** Directory standing in for web/dist; defaults to an empty one (no deployment). */
  webDistDir?: string;
  /**
   * CDK's built-in CloudFormation validation loads a WASM validator (~3-5 s per test file);
   * `cdk synth` runs it anyway and cfn-lint.test.ts lints the template, so it is off by default.
   */
  builtinValidation?: boolean;
  /** Further CDK context settings (domain, alarm e-mail, Stripe...). */
  config?: Partial<DeployConfigInput>;
}

export type Resource = { Type: string; Properties?: Record<string, unknown>; [k: string]: unknown };

/**
 * Builds the real stack without asset bundling (so tests stay fast and do not depend on handler
 * files being finished); stubs stand in for missing entries, while entry paths and tags still come
 * from the route and schedule tables.
 */
export function synth(options: SynthOptions = {}): { stack: TapewatchStack; template: Template } {
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: options.builtinValidation ?? false,
  });
  const stack = new TapewatchStack(app, 'Tapewatch-test', {
    config: parseDeployConfig({
      stage: options.stage ?? 'dev',
      ...(options.stage === 'prod' ? { mailFrom: 'Tapewatch <no-reply@example.com>' } : {}),
      ...options.config,
    }),
    webDistDir: options.webDistDir ?? mkdtempSync(path.join(tmpdir(), 'tapewatch-nodist-')),
    stubMissingHandlers: true,
    env: { account: '123456789012', region: 'us-east-1' },
  });
  return { stack, template: Template.fromStack(stack) };
}

/** A throwaway Vite-like build output. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tapewatch-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'favicon.ico'), '');
  return dir;
}

export function tagValue(resource: Resource, key: string): string | undefined {
  const tags = resource.Properties?.Tags;
  if (!Array.isArray(tags)) return undefined;
  return (tags as Array<{ Key: string; Value: string }>).find((t) => t.Key === key)?.Value;
}

/** Lambda functions defined by this project (CDK's helper functions carry no kind tag). */
export function appFunctions(template: Template): Array<{ id: string; resource: Resource; kind: string; module: string }> {
  const all = template.findResources('AWS::Lambda::Function') as Record<string, Resource>;
  return Object.entries(all).flatMap(([id, resource]) => {
    const kind = tagValue(resource, functionKindTag);
    const module = tagValue(resource, functionModuleTag);
    return kind && module ? [{ id, resource, kind, module }] : [];
  });
}

/** Logical id of each DynamoDB table, keyed by its logical table name (app, market, flow). */
export function tableIds(template: Template): Record<string, string> {
  const all = template.findResources('AWS::DynamoDB::Table') as Record<string, Resource>;
  return Object.fromEntries(Object.entries(all).map(([id, r]) => [tagValue(r, tableTag) ?? '?', id]));
}
