/**
 * Lambda bundle sizes: bundles every function of the CDK app (route handlers, jobs, WebSocket
 * handlers, the /api fallback) with the app's own esbuild settings (infra/lib/lambda-bundling.ts)
 * and zips each as the CDK CLI would. `npm run bench:lambda` prints the table and exits non-zero
 * when a zip exceeds the 1 MB budget; `npm run bench` includes it through measureLambdaBundles().
 */
import { pathToFileURL } from 'node:url';
import { lambdaEntries } from '../../infra/lib/handler-modules.ts';
import { bundleLambdas, lambdaZipBudgetBytes, type LambdaBundleSize } from '../../infra/lib/lambda-bundle-size.ts';

export { lambdaZipBudgetBytes };

/** Every function's asset size, largest zip first. */
export function measureLambdaBundles(): Promise<LambdaBundleSize[]> {
  return bundleLambdas(lambdaEntries());
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export function printLambdaBundles(sizes: readonly LambdaBundleSize[]): void {
  console.table(
    sizes.map((s) => ({
      function: s.name,
      'index.mjs kB': kb(s.jsBytes),
      'asset kB (js + map)': kb(s.bytes),
      'zip kB': kb(s.zippedBytes),
      'over 1 MB': s.zippedBytes > lambdaZipBudgetBytes ? 'YES' : '',
    })),
  );
  const max = sizes[0];
  if (max)
    console.log(
      `${sizes.length} functions; largest zip ${kb(max.zippedBytes)} kB (${max.name}); budget ${kb(lambdaZipBudgetBytes)} kB`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const sizes = await measureLambdaBundles();
  printLambdaBundles(sizes);
  console.log(`bundled in ${Math.round(performance.now() - started)} ms`);
  const over = sizes.filter((s) => s.zippedBytes > lambdaZipBudgetBytes);
  if (over.length > 0) {
    console.error(`Over the 1 MB zipped budget: ${over.map((s) => s.name).join(', ')}`);
    process.exit(1);
  }
}
