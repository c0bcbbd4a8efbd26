import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, NestedStack, Stack } from 'aws-cdk-lib';
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
 *
 * `template` is the root template with every nested stack's resources merged in and their
 * parameters replaced by what the parent passes, so assertions see one stack as if nothing were
 * nested (a table grant in a route's nested stack names the table's logical id, as before).
 * `templates` are the real ones, for cfn-lint and per-stack limits.
 */
export function synth(options: SynthOptions = {}): Synthesized {
  const config = parseDeployConfig({
    stage: options.stage ?? 'dev',
    ...(options.stage === 'prod' ? { mailFrom: 'Tapewatch <no-reply@example.com>' } : {}),
    ...options.config,
  });
  // A synth of the whole stack takes 1-2 s, and the infra project shares each worker's module graph (isolate: false),
  // so the same deploy configuration without a web build is synthesised once per worker, whichever file asks first.
  // Nothing here changes a synthesised stack or template (assertions only read them).
  const key = options.webDistDir ? undefined : JSON.stringify([config, options.builtinValidation ?? false]);
  const known = key === undefined ? undefined : synthesised.get(key);
  if (known) return known;
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: options.builtinValidation ?? false,
  });
  const stack = new TapewatchStack(app, 'Tapewatch-test', {
    config,
    webDistDir: options.webDistDir ?? emptyWebDist(),
    stubMissingHandlers: true,
    env: { account: '123456789012', region: 'us-east-1' },
  });
  const templates = synthesizedTemplates(stack);
  const result = {
    stack,
    template: Template.fromJSON(mergeNested(templates), { skipCyclicalDependenciesCheck: true }),
    templates,
  };
  if (key !== undefined) synthesised.set(key, result);
  return result;
}

interface Synthesized {
  stack: TapewatchStack;
  template: Template;
  templates: SynthesizedTemplate[];
}
const synthesised = new Map<string, Synthesized>();

let emptyDist: string | undefined;
/** One empty directory standing in for web/dist (no deployment) per worker, not one per synth. */
function emptyWebDist(): string {
  emptyDist ??= mkdtempSync(path.join(tmpdir(), 'tapewatch-nodist-'));
  return emptyDist;
}

export interface SynthesizedTemplate {
  /** Construct path of the stack ("Tapewatch-test", "Tapewatch-test/Http/FlowRoutes"). */
  name: string;
  json: CfnTemplate;
  /** For nested stacks: the logical id of their AWS::CloudFormation::Stack in the parent, and the parent's name. */
  nested?: { parent: string; logicalId: string };
}

type CfnTemplate = {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, { Value: unknown }>;
  Parameters?: Record<string, unknown>;
  [k: string]: unknown;
};

/** The root template and every nested one, parents first. */
export function synthesizedTemplates(root: Stack): SynthesizedTemplate[] {
  const root$ = { name: root.node.path, json: Template.fromStack(root).toJSON() as CfnTemplate };
  const nested = root.node
    .findAll()
    .filter((c): c is NestedStack => NestedStack.isNestedStack(c))
    .map((ns) => {
      const parent = Stack.of(ns.node.scope!);
      return {
        name: ns.node.path,
        json: Template.fromStack(ns).toJSON() as CfnTemplate,
        nested: { parent: parent.node.path, logicalId: parent.getLogicalId(ns.nestedStackResource!) },
      };
    });
  return [root$, ...nested];
}

/** One template: nested resources inlined, their parameter refs and the parents' output refs resolved. */
function mergeNested(templates: SynthesizedTemplate[]): CfnTemplate {
  const byName = new Map(templates.map((t) => [t.name, t]));
  const merged: CfnTemplate = structuredClone(templates[0]!.json);
  for (const t of templates.slice(1)) {
    const parent = byName.get(t.nested!.parent)!;
    const stackResource = parent.json.Resources[t.nested!.logicalId]!;
    const params = (stackResource.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const resolved = substitute(t.json.Resources, (node) => {
      const ref = (node as { Ref?: unknown }).Ref;
      return typeof ref === 'string' && ref in params ? params[ref] : undefined;
    }) as Record<string, Resource>;
    for (const [id, resource] of Object.entries(resolved)) {
      if (merged.Resources[id]) throw new Error(`Logical id ${id} of ${t.name} also exists in another stack`);
      merged.Resources[id] = resource;
    }
    const outputs = t.json.Outputs ?? {};
    merged.Resources = substitute(merged.Resources, (node) => {
      const att = (node as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
      if (!Array.isArray(att) || att[0] !== t.nested!.logicalId || typeof att[1] !== 'string') return undefined;
      return outputs[att[1].replace(/^Outputs\./, '')]?.Value;
    }) as Record<string, Resource>;
  }
  return merged;
}

/** Deep copy of `value` with every object for which `replace` answers something replaced by that answer. */
function substitute(value: unknown, replace: (node: object) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => substitute(v, replace));
  if (value && typeof value === 'object') {
    const replacement = replace(value);
    if (replacement !== undefined) return substitute(replacement, replace);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, replace)]));
  }
  return value;
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
export function appFunctions(
  template: Template,
): Array<{ id: string; resource: Resource; kind: string; module: string }> {
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

/** The secrets a function's role may read in `template`: the resources of its GetSecretValue statements, as JSON. */
export function secretReadsIn(template: Template): (fn: Resource) => string {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
  return (fn) => {
    const roleId = (fn.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    return policies
      .filter((p) => JSON.stringify(p.Properties?.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(
        (p) => (p.Properties?.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown }> }).Statement,
      )
      .filter((s) => ([] as string[]).concat(s.Action as string).includes('secretsmanager:GetSecretValue'))
      .map((s) => JSON.stringify(s.Resource))
      .join(' ');
  };
}
