import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Repository root, resolved from this file so synth works from any working directory. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const functionsSrcDir = path.join(repoRoot, 'functions', 'src');
export const webDistDir = path.join(repoRoot, 'web', 'dist');
export const lockFilePath = path.join(repoRoot, 'package-lock.json');
/** infra's own handler: the HTTP API's $default route (module name "infra/api-fallback"). */
export const apiFallbackEntry = path.join(repoRoot, 'infra', 'lambda', 'api-fallback.ts');
export const apiFallbackModule = 'infra/api-fallback';

/** Route handlers live under functions/src/http/, as the route table documents. */
export function httpHandlerModule(handler: string): string {
  return `http/${handler}`;
}

/** Absolute entry file for a module name relative to functions/src (e.g. "jobs/sector-performance"). */
export function entryFile(module: string): string {
  return path.join(functionsSrcDir, `${module}.ts`);
}

/** Lists the modules whose entry file is missing, so the app can fail with all of them at once. */
export function missingEntries(modules: readonly string[]): string[] {
  return modules.filter((m) => !existsSync(entryFile(m)));
}
