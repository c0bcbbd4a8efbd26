/**
 * Unit test files that need a module graph of their own: they mock modules (vi.mock), set process.env
 * or process listeners, or install fake timers. The rest of functions/ runs without isolation.
 */
export const FUNCTIONS_ISOLATED = [
  'functions/src/lib/key-speculation.test.ts',
  'functions/src/lib/key-speculation-routes.test.ts',
  'functions/src/lib/started-early.test.ts',
  'functions/src/platform/viewer-address.test.ts',
  'functions/src/http/payments/stripe-webhook.test.ts',
  'functions/src/ws/connect.test.ts',
  'functions/src/jobs/kept-by-user.test.ts',
  'functions/src/providers/rate-limit.test.ts',
  'functions/src/providers/on-demand-chain.test.ts',
];

/** What makes a unit test file need isolation (scripts/architecture/test-isolation.test.ts keeps the list honest). */
export const NEEDS_ISOLATION = [
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers)\(/,
  /process\.env\.\w+\s*=(?!=)/,
  /delete process\.env\./,
  /process\.(on|once)\(/,
];
