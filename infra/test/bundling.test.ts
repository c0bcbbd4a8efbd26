import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ApiFunctionFactory, cdkBundlingOptions } from '../lib/api-function-factory.ts';
import { DataTables } from '../lib/data-tables.ts';
import { lambdaEntries } from '../lib/handler-modules.ts';
import { buildLambdas, lambdaZipBudgetBytes, measureAsset } from '../lib/lambda-bundle-size.ts';
import { apiFallbackEntry, apiFallbackModule, entryFile, lockFilePath, repoRoot } from '../lib/paths.ts';

/**
 * The template tests synthesize without bundling (synth.ts); this file exercises it: the app's one
 * esbuild run over every entry (LambdaBatch) against CDK's own NodejsFunction bundling. Every
 * function is measured by `npm run bench:lambda` (scripts/bench/lambda-bundles.ts); here a few
 * representative ones, to stay within the synth + template test budget.
 */
const representative = [
  // The heaviest graph: Stripe, Cognito, SES and DynamoDB clients.
  'http/accounts/delete-user',
  // A typical read route: zod schemas, DynamoDB, the token verifier.
  'http/meta/get-app-info',
  // The largest job (provider parsers + DynamoDB), and the Management API client.
  'jobs/flow-ingest',
  'ws/default',
];

describe('Lambda bundling', () => {
  it("bundles in one esbuild run exactly as CDK's NodejsFunction would, and as the bench does (the settings cannot drift)", async () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'tapewatch-cdk-bundle-'));
    // The WASM template validator adds ~15 s and proves nothing about bundling (cfn-lint.test.ts lints).
    const app = new App({
      outdir,
      builtinCloudFormationValidation: false,
      context: { 'aws:cdk:enable-asset-metadata': true },
    });
    const stack = new Stack(app, 'Bundling', { env: { account: '123456789012', region: 'us-east-1' } });
    const factory = new ApiFunctionFactory({
      tables: new DataTables(stack, 'Data', { retain: false }),
      stage: 'dev',
      plannedEntries: () => [apiFallbackEntry, entryFile('ws/default')],
    });
    factory.create(stack, 'Fallback', {
      kind: 'fallback',
      module: apiFallbackModule,
      entry: apiFallbackEntry,
      reads: [],
      writes: [],
      description: 'x',
    });
    // The reference: the same entry through CDK's own per-function bundling with the same options.
    new NodejsFunction(stack, 'Reference', {
      entry: apiFallbackEntry,
      runtime: Runtime.NODEJS_22_X,
      projectRoot: repoRoot,
      depsLockFilePath: lockFilePath,
      bundling: cdkBundlingOptions(),
    });
    const assembly = app.synth();
    const template = assembly.getStackArtifact(stack.artifactId).template as {
      Resources: Record<string, { Type: string; Metadata?: Record<string, string> }>;
    };
    const assetOf = (prefix: string) => {
      const [, fn] = Object.entries(template.Resources).find(
        ([id, r]) => id.startsWith(prefix) && r.Type === 'AWS::Lambda::Function',
      )!;
      return path.join(outdir, fn.Metadata!['aws:asset:path']!);
    };
    const ours = assetOf('Fallback');
    const cdk = assetOf('Reference');
    // CDK stages assets by the hash of their content: one path for both means the very same bytes
    // (the comparison below then holds trivially); two paths are compared byte by byte.
    expect(readdirSync(ours).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    const [bench] = await buildLambdas(
      [{ entry: apiFallbackEntry }],
      mkdtempSync(path.join(tmpdir(), 'tapewatch-bundle-')),
    );
    for (const file of ['index.mjs', 'index.mjs.map']) {
      const bytes = readFileSync(path.join(ours, file));
      expect(bytes.equals(readFileSync(path.join(cdk, file))), `${file} as NodejsFunction`).toBe(true);
      expect(bytes.equals(readFileSync(path.join(bench!, file))), `${file} as the bench`).toBe(true);
    }
    // The planned second entry was bundled by the same run, ready for its function.
    expect(
      readdirSync(outdir)
        .filter((d) => d.startsWith('lambda-bundle-'))
        .sort(),
    ).toEqual(['lambda-bundle-0', 'lambda-bundle-1']);

    // The ESM output (with its require() banner) loads and answers as the Lambda runtime would call it.
    const { handler } = (await import(pathToFileURL(path.join(ours, 'index.mjs')).href)) as {
      handler: (e: unknown) => Promise<{ statusCode: number; body: string }>;
    };
    const res = await handler({ rawPath: '/api/no_such_route', requestContext: { http: { method: 'GET' } } });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ alert_show: true });
  });

  it('builds nothing when the stack skips bundling (template tests), each function still naming its own asset', () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'tapewatch-cdk-nobundle-'));
    const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'NoBundling', { env: { account: '123456789012', region: 'us-east-1' } });
    const factory = new ApiFunctionFactory({
      tables: new DataTables(stack, 'Data', { retain: false }),
      stage: 'dev',
      plannedEntries: () => [apiFallbackEntry],
    });
    const spec = { kind: 'fallback', reads: [], writes: [], description: 'x' } as const;
    factory.create(stack, 'A', { ...spec, module: apiFallbackModule, entry: apiFallbackEntry });
    factory.create(stack, 'B', { ...spec, module: 'ws/default', entry: entryFile('ws/default') });
    const template = app.synth().getStackArtifact(stack.artifactId).template as {
      Resources: Record<string, { Type: string; Properties: { Code: { S3Key: unknown } } }>;
    };
    const keys = Object.values(template.Resources)
      .filter((r) => r.Type === 'AWS::Lambda::Function')
      .map((r) => JSON.stringify(r.Properties.Code.S3Key));
    expect(new Set(keys).size).toBe(2);
    expect(readdirSync(outdir).filter((d) => d.startsWith('lambda-bundle-') && d !== 'lambda-bundle-skipped')).toEqual(
      [],
    );
  });

  it(`keeps representative functions under ${lambdaZipBudgetBytes / 1024 / 1024} MB zipped`, async () => {
    const entries = lambdaEntries().filter((e) => representative.includes(e.name));
    expect(entries.map((e) => e.name).sort()).toEqual([...representative].sort());
    const dirs = await buildLambdas(entries, mkdtempSync(path.join(tmpdir(), 'tapewatch-bundle-')));
    const sizes = entries.map((e, i) => measureAsset(e.name, dirs[i]!));
    for (const size of sizes) {
      expect(size.jsBytes, size.name).toBeGreaterThan(10_000);
      expect(size.zippedBytes, size.name).toBeLessThanOrEqual(lambdaZipBudgetBytes);
    }
  });
});
