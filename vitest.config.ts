import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { FUNCTIONS_ISOLATED } from './scripts/test/isolation.ts';
import react from '@vitejs/plugin-react';
import { WEB_DOM_TEST_FILES, WEB_ISOLATED_TEST_FILES } from './web/src/test/dom-test-files.ts';

// One vitest run covers every workspace; each project keeps its own environment. The integration
// tests sign up hundreds of accounts: the anti-enumeration response floor (1 s) is off there except
// in the test that measures it.
export default defineConfig({
  test: {
    // vitest's default (cores - 1) is ONE worker on the 2-core CI machine, which then runs every file in
    // turn while the second core idles (the main process only transforms modules).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Pure unit tests share each worker's module graph (isolate: false): re-importing every module
      // per file cost more than twice the CPU of the tests themselves (functions + shared: 159 s -> 64 s).
      { test: { name: 'shared', include: ['shared/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'functions',
          include: ['functions/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...FUNCTIONS_ISOLATED],
          environment: 'node',
          env: { LOG_LEVEL: 'silent' },
          isolate: false,
        },
      },
      {
        test: {
          name: 'functions-isolated',
          include: FUNCTIONS_ISOLATED,
          environment: 'node',
          env: { LOG_LEVEL: 'silent' },
        },
      },
      // The import-rule scan reads source files only: its own project spares it the scripts global setup (demo data load).
      { test: { name: 'architecture', include: ['scripts/architecture/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'scripts/architecture/**'],
          environment: 'node',
          env: {
            LOG_LEVEL: 'silent',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            ACCOUNT_RESPONSE_FLOOR_MS: '0',
          },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['scripts/test/global-setup.ts'],
          // One module graph per worker: each file importing the runtime and every handler again cost 605
          // CPU-s for the project against 438 shared. file-state.ts puts back what a file changed in the
          // process; each runtime's start empties what the handlers cached (functions/src/lib/container-caches.ts).
          setupFiles: ['scripts/test/file-state.ts'],
          isolate: false,
          // Last: when the seed data must be built (sources changed, or a clean machine), global-setup.ts
          // builds it in the background while the other projects' files run.
          sequence: { groupOrder: 1 },
        },
      },
      // CDK assertions share each worker's module graph too (aws-cdk-lib's import is most of a file's cost):
      // 222 -> 145 CPU-s; no infra test changes the process (scripts/architecture/test-isolation.test.ts).
      {
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          isolate: false,
        },
      },
      './web/vite.config.ts',
      // The DOM files that mock a module or need a module's first state: each in a module graph of its own (the project
      // web shares one per worker).
      {
        plugins: [react()],
        test: {
          name: 'web-isolated',
          root: './web',
          include: WEB_ISOLATED_TEST_FILES,
          environment: 'happy-dom',
          pool: 'threads',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      // The web app's DOM-free logic (formatting, reshaping, scales, filters) in Node, one module graph per worker.
      {
        test: {
          name: 'web-logic',
          root: './web',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...WEB_DOM_TEST_FILES],
          environment: 'node',
          isolate: false,
        },
      },
    ],
  },
});
