import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { ApiFunctionFactory } from '../lib/api-function-factory.ts';
import { DataTables } from '../lib/data-tables.ts';
import { lambdaEntries } from '../lib/handler-modules.ts';
import { buildLambdas, lambdaZipBudgetBytes, measureAsset } from '../lib/lambda-bundle-size.ts';
import { apiFallbackEntry, apiFallbackModule } from '../lib/paths.ts';

/**
 * The template tests synthesize without bundling (synth.ts); this file exercises it. Every
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
  it('bundles through CDK exactly as the bench and this test do (the settings cannot drift)', async () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'tapewatch-cdk-bundle-'));
    // The WASM template validator adds ~15 s and proves nothing about bundling (cfn-lint.test.ts lints).
    const app = new App({ outdir, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'Bundling', { env: { account: '123456789012', region: 'us-east-1' } });
    const factory = new ApiFunctionFactory({ tables: new DataTables(stack, 'Data', { retain: false }), stage: 'dev' });
    factory.create(stack, 'Fallback', {
      kind: 'fallback',
      module: apiFallbackModule,
      entry: apiFallbackEntry,
      reads: [],
      writes: [],
      description: 'x',
    });
    app.synth();
    const assets = readdirSync(outdir).filter((d) => d.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    const cdkAsset = path.join(outdir, assets[0]!);
    expect(readdirSync(cdkAsset).sort()).toEqual(['index.mjs', 'index.mjs.map']);

    const [ours] = await buildLambdas(
      [{ entry: apiFallbackEntry }],
      mkdtempSync(path.join(tmpdir(), 'tapewatch-bundle-')),
    );
    for (const file of ['index.mjs', 'index.mjs.map']) {
      expect(readFileSync(path.join(ours!, file)).equals(readFileSync(path.join(cdkAsset, file))), file).toBe(true);
    }

    // The ESM output (with its require() banner) loads and answers as the Lambda runtime would call it.
    const { handler } = (await import(pathToFileURL(path.join(cdkAsset, 'index.mjs')).href)) as {
      handler: (e: unknown) => Promise<{ statusCode: number; body: string }>;
    };
    const res = await handler({ rawPath: '/api/no_such_route', requestContext: { http: { method: 'GET' } } });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ alert_show: true });
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
