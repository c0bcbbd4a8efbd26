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

/**
 * The DOM test files that need a module graph of their own, so they run in a project of their own with per-file
 * isolation (web-isolated in vitest.config.ts); the other DOM files share each worker's module graph (vmThreads).
 * Every file that mocks a module (vi.mock) is here (scripts/architecture/test-isolation.test.ts checks it), and so
 * are files whose tests start from a module's first state: the ticker search paints a plain field until the first
 * use loads the Autocomplete, once per page load (a file run after another finds it loaded).
 */
export const WEB_ISOLATED_TEST_FILES = [
  'src/components/ticker/ticker-search-handoff.test.tsx',
  'src/components/ticker/ticker-search.test.tsx',
];
