import { afterAll, vi } from 'vitest';
import { currentAuthenticator, registerAuthenticator } from '@tapewatch/functions/lib/auth-guard';

/**
 * Setup file of the `scripts` project, whose files share one module graph per worker (isolate: false
 * in vitest.config.ts): what a file changes in the process is put back after it, so the next file in
 * the worker starts as it would in a fresh one. A file changes the environment (its own settings, and
 * the local runtime's endpoints and secrets), the authenticator (made-up callers), globals (fetch),
 * spies, the clock and process listeners. What the runtime's handlers cached of the file's database is
 * dropped when the next runtime starts (resetDocumentClient clears the container caches).
 *
 * This module runs again before each file is imported, so the snapshot below is the state before the file.
 */
const env = { ...process.env };
const authenticator = currentAuthenticator();
const emitter: NodeJS.EventEmitter = process;
const PROCESS_EVENTS = ['uncaughtException', 'unhandledRejection', 'warning', 'exit'];
const listeners = new Map(PROCESS_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const key of Object.keys(process.env)) if (!(key in env)) delete process.env[key];
  Object.assign(process.env, env);
  registerAuthenticator(authenticator);
  for (const [event, before] of listeners)
    for (const l of emitter.listeners(event)) if (!before.has(l)) emitter.removeListener(event, l as () => void);
});
