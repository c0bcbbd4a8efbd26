import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { repoRoot } from './paths.ts';

/**
 * How every Lambda is bundled, in one place: ApiFunctionFactory hands these settings to CDK's
 * NodejsFunction, and lambdaEsbuildOptions() turns them into the esbuild build CDK runs, for the
 * bundle-size bench (scripts/bench/lambda-bundles.ts) and the bundling test. A test bundles one
 * function through CDK and compares its output byte for byte, so the two cannot drift.
 *
 * No externals: Node 22's runtime ships an AWS SDK, but bundling the versions from the lockfile
 * (the ones the local runtime and tests use) keeps behaviour identical, and the modular v3 clients
 * tree-shake to the commands a handler calls (see the README's bundle-size table).
 */
export const lambdaBundling = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  mainFields: ['module', 'main'],
  // ESM output keeps top-level await and tree-shaking; some CommonJS dependencies still call
  // require(), which does not exist in ESM scope, hence the banner.
  banner:
    "import { createRequire as __tapewatchCreateRequire } from 'node:module';" +
    'const require = __tapewatchCreateRequire(import.meta.url);',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  externalModules: [] as string[],
  tsconfig: path.join(repoRoot, 'functions', 'tsconfig.json'),
  /** CDK's output file name for ESM (index.handler resolves it). */
  outFile: 'index.mjs',
} as const;

/**
 * The esbuild build CDK's NodejsFunction runs for these settings (its `esbuild --bundle <entry>
 * --target --platform --format --outfile --minify --sourcemap --sources-content --external
 * --tsconfig --banner:js --main-fields` command line, run from the project root).
 */
export function lambdaEsbuildOptions(entry: string, outdir: string): BuildOptions {
  const b = lambdaBundling;
  return {
    absWorkingDir: repoRoot,
    entryPoints: [path.relative(repoRoot, entry)],
    bundle: true,
    target: b.target,
    platform: b.platform,
    format: b.format,
    outfile: path.join(outdir, b.outFile),
    minify: b.minify,
    sourcemap: b.sourceMap,
    sourcesContent: b.sourcesContent,
    external: [...b.externalModules],
    tsconfig: path.relative(repoRoot, b.tsconfig),
    banner: { js: b.banner },
    mainFields: [...b.mainFields],
    logLevel: 'silent',
  };
}
