import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App, AssetHashType, Stack } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import type { Construct } from 'constructs';
import { batchEsbuildOptions } from './lambda-bundle-size.ts';

/**
 * Every Lambda's code from ONE esbuild build. CDK's NodejsFunction starts an esbuild process per
 * function (about 80: minutes of `cdk synth` on the 2-core machine, and each re-parses the shared
 * modules); here the first function asked for builds all the entries the app will need (`planned`),
 * each to its own directory with the very settings NodejsFunction used (lambda-bundling.ts), and every
 * function takes its directory as an asset. An entry outside the plan gets a build of its own.
 *
 * When the stack's bundling is off (`aws:cdk:bundling-stacks: []`, the template tests), nothing is
 * built: each function gets a placeholder asset whose hash names its entry.
 */
export class LambdaBatch {
  private readonly dirs = new Map<string, string>();
  private built = 0;

  constructor(private readonly planned: () => readonly string[]) {}

  code(scope: Construct, entry: string): Code {
    const app = App.of(scope);
    if (!Stack.of(scope).bundlingRequired || !app) return placeholder(app?.outdir, entry);
    if (!this.dirs.has(entry)) this.build(app.outdir, entry);
    return Code.fromAsset(this.dirs.get(entry)!);
  }

  private build(outdir: string, entry: string): void {
    const entries = [...new Set([entry, ...this.planned()])].filter((e) => !this.dirs.has(e));
    const first = this.built;
    // Bundles sit at the depth of CDK's asset directories (`<outdir>/asset.<hash>`), so the source
    // maps' relative paths are the ones a NodejsFunction asset had.
    const dirName = (i: number) => `lambda-bundle-${first + i}`;
    buildSync(batchEsbuildOptions(entries, outdir, dirName));
    entries.forEach((e, i) => this.dirs.set(e, path.join(outdir, dirName(i))));
    this.built += entries.length;
  }
}

function placeholder(outdir: string | undefined, entry: string): Code {
  const dir = path.join(outdir ?? '.', 'lambda-bundle-skipped');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'README'), 'Bundling was skipped for this stack (aws:cdk:bundling-stacks).\n');
  return Code.fromAsset(dir, {
    assetHashType: AssetHashType.CUSTOM,
    assetHash: createHash('sha256').update(entry).digest('hex'),
  });
}
