import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';
import { lambdaBundling, lambdaEsbuildOptions } from './lambda-bundling.ts';
import { repoRoot } from './paths.ts';

/** Per-function budget for the deployed zip (issue 12): keeps cold starts short. */
export const lambdaZipBudgetBytes = 1024 * 1024;

export interface LambdaBundleSize {
  name: string;
  /** Everything in the asset: index.mjs plus its source map. */
  bytes: number;
  /** The asset zipped as the CDK CLI zips it (yazl: raw deflate at zlib's default level per file). */
  zippedBytes: number;
  /** index.mjs alone, the code Lambda loads at cold start. */
  jsBytes: number;
}

/** Zip size of a set of files: deflated data plus local header, central directory entry and end record. */
export function zipSize(files: ReadonlyArray<{ name: string; data: Buffer }>): number {
  const endOfCentralDirectory = 22;
  return files.reduce((sum, f) => {
    const name = Buffer.byteLength(f.name);
    return sum + 30 + name + 46 + name + Math.min(deflateRawSync(f.data).length, f.data.length);
  }, endOfCentralDirectory);
}

/**
 * One esbuild build over many entries, each to `<outdir>/<dirName(i)>/index.mjs` (+ map): the parse
 * work is shared, while each output is byte-identical to a build of that entry alone (no code
 * splitting). The same settings as lambdaEsbuildOptions() (CDK's NodejsFunction command line).
 */
export function batchEsbuildOptions(
  entries: ReadonlyArray<string>,
  outdir: string,
  dirName: (i: number) => string = String,
): BuildOptions {
  const { outfile, entryPoints, ...options } = lambdaEsbuildOptions(entries[0] ?? '', outdir);
  const [outName, outExt] = [path.basename(outfile!, path.extname(outfile!)), path.extname(outfile!)];
  return {
    ...options,
    outdir,
    outExtension: { '.js': outExt },
    entryPoints: entries.map((entry, i) => ({ in: path.relative(repoRoot, entry), out: `${dirName(i)}/${outName}` })),
  };
}

/**
 * Bundles entries exactly as the CDK app does, into `<outdir>/<i>/index.mjs` (+ map) for entry i, in
 * one esbuild run. Returns the asset directories.
 */
export async function buildLambdas(entries: ReadonlyArray<{ entry: string }>, outdir: string): Promise<string[]> {
  if (entries.length === 0) return [];
  await build(
    batchEsbuildOptions(
      entries.map((e) => e.entry),
      outdir,
    ),
  );
  return entries.map((_, i) => path.join(outdir, String(i)));
}

/** Bundles and measures each function's asset, largest zip first. */
export async function bundleLambdas(
  entries: ReadonlyArray<{ name: string; entry: string }>,
): Promise<LambdaBundleSize[]> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'tapewatch-lambda-'));
  try {
    const dirs = await buildLambdas(entries, outdir);
    return entries
      .map((e, i) => measureAsset(e.name, dirs[i]!))
      .sort((a, b) => b.zippedBytes - a.zippedBytes || a.name.localeCompare(b.name));
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Sizes of one bundled asset directory (what CDK zips and uploads). */
export function measureAsset(name: string, dir: string): LambdaBundleSize {
  const files = readdirSync(dir).map((file) => ({ name: file, data: readFileSync(path.join(dir, file)) }));
  return {
    name,
    bytes: files.reduce((sum, f) => sum + f.data.length, 0),
    zippedBytes: zipSize(files),
    jsBytes: files.find((f) => f.name === path.basename(lambdaBundling.outFile))?.data.length ?? 0,
  };
}
