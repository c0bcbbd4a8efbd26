import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { WEB_DOM_TEST_FILES, WEB_ISOLATED_TEST_FILES } from './src/test/dom-test-files.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// Vendor groups change far less often than app code, so they get their own long-cached chunks.
// nivo (and the d3 modules it pulls in) stays out of the entry: only the chart routes load it.
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  // MUI's styling core only: @mui/material components are left to per-route splitting, otherwise
  // one screen's Autocomplete or Pagination would be downloaded by every route.
  {
    name: 'vendor-mui',
    test: /node_modules[\\/](@mui[\\/](system|styled-engine|utils|private-theming)|@emotion|stylis|@babel[\\/]runtime|hoist-non-react-statics|clsx|prop-types|react-is)[\\/]/,
  },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]/ },
  {
    name: 'vendor-nivo',
    test: /node_modules[\\/](@nivo|d3-[a-z-]+|@react-spring|internmap|delaunator|robust-predicates|lodash)[\\/]/,
  },
];

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we support has native modulepreload; skip the polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/ws': { target: 'http://localhost:3000', ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/ws': { target: 'http://localhost:3000', ws: true, changeOrigin: true },
    },
  },
  test: {
    name: 'web',
    root: webRoot,
    // happy-dom rather than jsdom (2026-11-29, the 64 files on the 2-core machine: jsdom in processes 381 CPU-s, 200 s;
    // happy-dom in worker threads 305, 167 s), and the files of a worker in one VM context with one module graph
    // (vmThreads, 2026-11-29 back to back: 338 -> 189 CPU-s, 178 -> 104 s, the same 282 tests): a file no longer pays
    // for a new DOM environment and a new import of React, MUI and nivo. A file then runs after whatever its worker ran
    // before, so what a test leaves in the shared modules and globals (an alert, the account forms, stubbed globals,
    // fake timers, storage) is put back after each test (src/test/setup.ts), and the files that mock a module or need a
    // module's first state run isolated (WEB_ISOLATED_TEST_FILES, project web-isolated in vitest.config.ts). A change
    // here is checked with the files in several random orders on one worker:
    // `npx vitest run --project web --maxWorkers=1 --sequence.shuffle.files --sequence.seed=<n>`.
    // Neither DOM lays anything out, so tests size elements themselves (src/test/setup.ts); layout is Playwright's.
    environment: 'happy-dom',
    pool: 'vmThreads',
    // Components, and the few logic files that need a browser; the rest of the .test.ts files run in Node
    // (project web-logic in vitest.config.ts).
    include: ['src/**/*.test.tsx', ...WEB_DOM_TEST_FILES],
    exclude: [...configDefaults.exclude, ...WEB_ISOLATED_TEST_FILES],
    setupFiles: ['./src/test/setup.ts'],
    // Whole screens render in happy-dom (MUI + charts): seconds on a busy 2-core runner. A timeout here
    // should mean "hung", never "the machine was loaded".
    testTimeout: 20_000,
  },
});
