/**
 * The web `.test.ts` files (paths from web/) that need the browser environment or a module graph of their own: they
 * touch the DOM or browser storage, render, mock globals or fake timers. They run with the components' `.test.tsx`
 * files in happy-dom (web/vite.config.ts). Every other web `.test.ts` is DOM-free logic and runs in Node without
 * per-file isolation (project web-logic in vitest.config.ts): a DOM environment's set-up costs about a second of CPU
 * per file, and 33 such files took 65 CPU-s in jsdom against 9 in Node. scripts/architecture/test-isolation.test.ts keeps
 * this list complete.
 */
export const WEB_DOM_TEST_FILES = [
  'src/features/clusters/api/get-clusters-prediction-data.test.ts',
  'src/features/options-flow/live/live-flow-connection.test.ts',
  'src/lib/api-client.test.ts',
  'src/lib/session-token.test.ts',
];

/** What makes a web `.test.ts` file need the DOM environment (besides isolation's own reasons, scripts/test/isolation.ts). */
export const USES_DOM = [
  /\b(document|window|localStorage|sessionStorage|navigator|location|history)\./,
  /\b(render|renderHook)\(/,
  // testing-library's `screen` comes with its import, which the next pattern catches.
  /@testing-library|render-app/,
];
